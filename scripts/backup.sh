#!/usr/bin/env bash
# Backs up Plotline's database and media into a new folder: scripts/backup.sh <folder>.
#
# Reads the server's own variables. With DATABASE_URL, the database is dumped with pg_dump while
# the servers run (a consistent snapshot); without it, the embedded database ($DATA_DIR/pgdata) is
# copied, so the studio process must be stopped first. Media on the local disk ($DATA_DIR/blobs)
# is copied after the database: blobs are written once and never changed, so every file the dump
# names is there. With S3_BUCKET, media is in the bucket: back it up with `aws s3 sync` or rclone
# (README, "Backup and restore").
set -euo pipefail

target=${1:?usage: scripts/backup.sh <new backup folder>}
data_dir=${DATA_DIR:-./data}

if [ -e "$target" ] && [ -n "$(ls -A "$target")" ]; then
  echo "backup: $target is not empty; name a new folder" >&2
  exit 1
fi
mkdir -p "$target"

if [ -n "${DATABASE_URL:-}" ]; then
  pg_dump --format=custom --no-owner --no-privileges --file="$target/database.dump" "$DATABASE_URL"
  echo "backup: database dumped to $target/database.dump"
else
  if [ ! -d "$data_dir/pgdata" ]; then
    echo "backup: no embedded database in $data_dir/pgdata (set DATA_DIR, or DATABASE_URL for PostgreSQL)" >&2
    exit 1
  fi
  cp -a "$data_dir/pgdata" "$target/pgdata"
  echo "backup: embedded database copied to $target/pgdata"
fi

if [ -n "${S3_BUCKET:-}" ]; then
  echo "backup: media is in the bucket $S3_BUCKET; copy it with aws s3 sync or rclone (see README)"
elif [ -d "$data_dir/blobs" ]; then
  cp -a "$data_dir/blobs" "$target/blobs"
  echo "backup: media copied to $target/blobs"
else
  mkdir "$target/blobs"
  echo "backup: no media yet in $data_dir/blobs"
fi
