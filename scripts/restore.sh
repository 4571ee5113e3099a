#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh: scripts/restore.sh <backup folder>.
#
# Stop every Plotline process first (studio and workers): what is in the database and the media
# folder is replaced. Reads the same variables as the server: with DATABASE_URL the dump is
# restored into that database with pg_restore (--clean: the backup's tables replace any of the
# same name); without it, $DATA_DIR/pgdata is replaced by the backup's copy. Media goes back to
# $DATA_DIR/blobs, unless S3_BUCKET is set (restore the bucket with aws s3 sync or rclone).
set -euo pipefail

source=${1:?usage: scripts/restore.sh <backup folder>}
data_dir=${DATA_DIR:-./data}

if [ -n "${DATABASE_URL:-}" ]; then
  if [ ! -f "$source/database.dump" ]; then
    echo "restore: $source holds no database.dump (a backup of the embedded database is restored without DATABASE_URL)" >&2
    exit 1
  fi
  pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction \
    --dbname="$DATABASE_URL" "$source/database.dump"
  echo "restore: database restored from $source/database.dump"
else
  if [ ! -d "$source/pgdata" ]; then
    echo "restore: $source holds no pgdata folder (a PostgreSQL dump is restored with DATABASE_URL set)" >&2
    exit 1
  fi
  mkdir -p "$data_dir"
  rm -rf "$data_dir/pgdata"
  cp -a "$source/pgdata" "$data_dir/pgdata"
  echo "restore: embedded database restored to $data_dir/pgdata"
fi

if [ -n "${S3_BUCKET:-}" ]; then
  echo "restore: media is in the bucket $S3_BUCKET; copy it back with aws s3 sync or rclone (see README)"
else
  rm -rf "$data_dir/blobs"
  cp -a "$source/blobs" "$data_dir/blobs"
  echo "restore: media restored to $data_dir/blobs"
fi
