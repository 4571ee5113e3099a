import {
  ARCHIVE_LIMITS,
  ARCHIVE_MESSAGES,
  formatMessage,
  MESSAGES,
  STORY_FILE,
  type Project,
} from '@plotline/core';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startProjectSuite } from '../../test/test-projects.ts';
import type { Envelope } from '../../test/test-server.ts';
import {
  entriesOf,
  exportOf,
  patched,
  postArchive,
  withDeclaredSize,
  writtenState,
  zipOf,
  type ZipEntry,
} from '../../test/test-archives.ts';

/*
 * Every archive an import must refuse: each is a 400 naming what is wrong, and leaves nothing
 * behind (no row, blob or job, no scratch file). The archives are made from a real export of a
 * small story (one clip, a caption, a one-node storyline) and spoilt one way each.
 */

// Its one 500 (a write made to fail on purpose) would print its stack: refusals are not logged.
const { server, make, owner } = await startProjectSuite({ logger: { level: 'fatal' } });

let story: Record<string, unknown> & {
  items: { media: string; languages: unknown[] }[];
  storyline: { nodes: Record<string, unknown>[]; variables: unknown[] };
};
let media: Buffer;
let mediaPath: string;

beforeAll(async () => {
  const movieId = await make.makeProject(owner.token, { title: 'Small' });
  const clip = await make.uploadClip(owner.token, movieId);
  await server.request('POST', '/api/movie-content/lang', {
    token: owner.token,
    body: { movie_content_id: clip.movie_content_id, language_id: 1, caption: 'Go' },
  });
  const saved = await server.request('POST', '/api/movie-plot', {
    token: owner.token,
    body: {
      movie_id: movieId,
      version: 0,
      plots: [
        {
          movie_plot_id: -1,
          parent_id: null,
          movie_content_id: clip.movie_content_id,
          locked: '0',
        },
      ],
    },
  });
  expect(saved.status, saved.text).toBe(200);
  const { response, zip } = await exportOf(server, owner.token, movieId);
  expect(response.status).toBe(200);
  const entries = await entriesOf(zip);
  story = JSON.parse(entries.get(STORY_FILE)!.toString('utf8'));
  mediaPath = story.items[0]!.media;
  media = entries.get(mediaPath)!;
}, 60_000);

/** The story's archive with story.json changed by `change` and its files as given. */
function archive(
  change: (json: typeof story) => unknown = (json) => json,
  files: ZipEntry[] = [{ name: mediaPath, data: media, compress: false }],
) {
  const json = change(structuredClone(story));
  return zipOf([{ name: STORY_FILE, data: Buffer.from(JSON.stringify(json)) }, ...files]);
}

/** Posts the archive and expects a 400 with `message`, having written nothing. */
async function expectRefused(zip: Buffer, message: string | RegExp) {
  const before = await writtenState(server);
  const response = await postArchive(server, owner.token, zip);
  expect(response.status, response.text).toBe(400);
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else expect(response.body.message).toMatch(message);
  expect(await writtenState(server)).toEqual(before);
}

describe('POST /api/movie/import refuses a bad archive, writing nothing', () => {
  it('accepts the unspoilt archive (so each refusal below is for its one fault)', async () => {
    const before = await writtenState(server);
    const response = await postArchive(server, owner.token, await archive());
    expect(response.status, response.text).toBe(201);
    const after = await writtenState(server);
    expect(after).toMatchObject({
      movies: before.movies + 1,
      contents: before.contents + 1,
      plots: before.plots + 1,
      jobs: before.jobs + 1,
      importing: 0,
      incoming: 0,
    });
  });

  it('cleans the names it imports as an upload cleans them: no path, no control characters', async () => {
    const subtitle = 'subtitles/notes.srt';
    const zip = await archive(
      (json) => {
        const [item] = json.items;
        Object.assign(item!, {
          file_name: 'C:\\clips\\evil\u001b[2Jname\r\n.mp4',
          languages: [
            { ...(item!.languages[0] as object), subtitle, subtitle_name: '../notes\u0007\t.srt' },
          ],
        });
        return json;
      },
      [
        { name: mediaPath, data: media, compress: false },
        { name: subtitle, data: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHi\n') },
      ],
    );
    const response = await postArchive(server, owner.token, zip);
    expect(response.status, response.text).toBe(201);
    const copy = await server.request<Envelope<Project>>(
      'GET',
      `/api/movie/${response.body.data.movieId}`,
      { token: owner.token },
    );
    const [item] = copy.body.data.movieContent;
    expect(item!.file_name).toBe('evil[2Jname.mp4');
    expect(item!.lang[0]!.file_name).toBe('notes.srt');
  });

  it('refuses an archive larger than the limit, by its declared length, before reading it', async () => {
    const before = await writtenState(server);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${server.baseUrl}/api/movie/import`, {
        method: 'POST',
        headers: {
          'x-access-token': owner.token,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(ARCHIVE_LIMITS.archiveBytes + 2_000_000),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(ARCHIVE_MESSAGES.archiveTooLarge);
    expect(await writtenState(server)).toEqual(before);
  });

  it('refuses a file that is not a zip', async () => {
    await expectRefused(Buffer.from('just some text, not a zip at all'), ARCHIVE_MESSAGES.notZip);
    await expectRefused(await readFile(make.media.clip), ARCHIVE_MESSAGES.notZip);
  });

  it('refuses an archive without story.json, or one that is not JSON', async () => {
    await expectRefused(await zipOf([{ name: mediaPath, data: media }]), ARCHIVE_MESSAGES.noStory);
    await expectRefused(
      await zipOf([{ name: STORY_FILE, data: Buffer.from('{"format": "plotline-story",') }]),
      /^story\.json is not valid JSON: /,
    );
  });

  it('refuses a story.json that breaks the schema, naming the path', async () => {
    await expectRefused(
      await archive((json) => ({
        ...json,
        items: [{ ...json.items[0], type: 'movie' }],
      })),
      /^story\.json does not match the story format at items\.0\.type: /,
    );
    await expectRefused(
      await archive((json) => ({ ...json, colour: 'red' })),
      /^story\.json does not match the story format at \(the root\): .*colour/,
    );
    await expectRefused(
      await archive((json) => ({ ...json, items: [{ ...json.items[0], media: '../etc/passwd' }] })),
      /at items\.0\.media: /,
    );
    await expectRefused(
      await archive((json) => ({ ...json, version: 2 })),
      formatMessage(ARCHIVE_MESSAGES.newerVersion, { version: 2 }),
    );
  });

  it("refuses a banner target that is not a web link, as the studio's calls do", async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '/relative']) {
      await expectRefused(
        await archive((json) => ({ ...json, banner: { ...(json.banner as object), url } })),
        formatMessage(ARCHIVE_MESSAGES.storyInvalid, {
          path: 'banner.url',
          message: MESSAGES.webUrlFormat,
        }),
      );
    }
  });

  it('refuses a storyline that names what story.json does not list, or breaks the plot rules', async () => {
    await expectRefused(
      await archive((json) => {
        json.storyline.nodes[0]!.goto = 'node-9';
        return json;
      }),
      formatMessage(ARCHIVE_MESSAGES.unknownNode, { node: 'node-1', other: 'node-9' }),
    );
    await expectRefused(
      await archive((json) => {
        json.storyline.nodes[0]!.item = 'item-7';
        return json;
      }),
      formatMessage(ARCHIVE_MESSAGES.unknownItem, { node: 'node-1', item: 'item-7' }),
    );
    await expectRefused(
      await archive((json) => ({
        ...json,
        items: [{ ...json.items[0], type: 'bridge' }],
      })),
      /^The storyline of story\.json cannot be saved: /,
    );
  });

  it('refuses an entry whose path leaves the archive', async () => {
    const escaping = await zipOf([
      { name: STORY_FILE, data: Buffer.from(JSON.stringify(story)) },
      { name: mediaPath, data: media, compress: false },
      { name: 'xx/evil.sh', data: Buffer.from('echo hi') },
    ]);
    await expectRefused(
      patched(escaping, 'xx/evil.sh', '../evil.sh'),
      formatMessage(ARCHIVE_MESSAGES.unsafePath, { path: '../evil.sh' }),
    );
    await expectRefused(
      patched(escaping, 'xx/evil.sh', '/x/evil.sh'),
      formatMessage(ARCHIVE_MESSAGES.unsafePath, { path: '/x/evil.sh' }),
    );
  });

  it('refuses an archive missing a file story.json names', async () => {
    await expectRefused(
      await archive(undefined, []),
      formatMessage(ARCHIVE_MESSAGES.missingFile, { path: mediaPath }),
    );
  });

  it('refuses a media file that is not a video', async () => {
    await expectRefused(
      await archive(undefined, [
        { name: mediaPath, data: Buffer.from('not a video '.repeat(100)) },
      ]),
      new RegExp(`^${mediaPath.replace('.', '\\.')}: `),
    );
  });

  it('takes its stored files back when the writing fails after every check passed', async () => {
    await server.db.execute(sql`
      create function refuse_plots() returns trigger language plpgsql as
        $$ begin raise exception 'the storyline cannot be written'; end $$`);
    await server.db.execute(sql`
      create trigger refuse_plots before insert on movie_plots
        for each row execute function refuse_plots()`);
    try {
      const before = await writtenState(server);
      const response = await postArchive(server, owner.token, await archive());
      expect(response.status).toBe(500);
      expect(await writtenState(server)).toEqual(before);
    } finally {
      await server.db.execute(sql`drop trigger refuse_plots on movie_plots`);
      await server.db.execute(sql`drop function refuse_plots()`);
    }
  });

  it('refuses zip bombs: too many entries, an entry inflating far past its size, a lying header', async () => {
    const many: ZipEntry[] = Array.from({ length: ARCHIVE_LIMITS.entries }, (_, index) => ({
      name: `images/x${index}`,
      data: Buffer.alloc(0),
      compress: false,
    }));
    await expectRefused(
      await archive(undefined, [{ name: mediaPath, data: media }, ...many]),
      ARCHIVE_MESSAGES.tooManyEntries,
    );
    // 16 MiB of zeros deflate to about 16 KB: refused once 1.6 MB have come out.
    await expectRefused(
      await archive(undefined, [{ name: mediaPath, data: Buffer.alloc(16 * 1024 * 1024) }]),
      formatMessage(ARCHIVE_MESSAGES.bomb, { path: mediaPath }),
    );
    // A header saying 1,000 bytes for what inflates to 500 KB: the real bytes are counted.
    const lying = await archive(undefined, [
      { name: mediaPath, data: Buffer.concat([media, Buffer.alloc(500_000)]) },
    ]);
    await expectRefused(
      withDeclaredSize(lying, mediaPath, 1_000),
      formatMessage(ARCHIVE_MESSAGES.bomb, { path: mediaPath }),
    );
    // A header declaring more than a video may be: refused before a byte is inflated.
    await expectRefused(
      withDeclaredSize(
        await archive(undefined, [{ name: mediaPath, data: media }]),
        mediaPath,
        ARCHIVE_LIMITS.mediaBytes + 1,
      ),
      formatMessage(ARCHIVE_MESSAGES.entryTooLarge, {
        path: mediaPath,
        limit: ARCHIVE_LIMITS.mediaBytes,
      }),
    );
  }, 60_000);
});
