import { ACCESS_TOKEN_HEADER, MESSAGES } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installFakeXhr } from '../test/fake-xhr.ts';
import { signInAs } from '../test/fixtures.ts';
import { ApiError } from './api-client.ts';
import { useAppStore } from './app-store.ts';
import { uploadFile } from './upload-file.ts';

const schema = z.object({ avatar: z.string() });
const file = new File(['png bytes'], 'me.png', { type: 'image/png' });

describe('uploadFile', () => {
  it("posts the file as the 'uploads' part with the extra fields and the session's token", async () => {
    signInAs();
    const requests = installFakeXhr();
    const done = uploadFile('/api/upload/avatar', file, { schema, fields: { movieId: 9 } });

    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', url: '/api/upload/avatar' });
    expect(request?.headers[ACCESS_TOKEN_HEADER]).toBe('token-1');
    const body = request?.body as FormData;
    expect(body.get('uploads')).toBe(file);
    expect(body.get('movieId')).toBe('9');

    request?.respond(200, { data: { avatar: '/api/media/avatars/a.png' } });
    await expect(done).resolves.toEqual({ avatar: '/api/media/avatars/a.png' });
  });

  it('sends several files as repeated parts of one request', async () => {
    const requests = installFakeXhr();
    const second = new File(['more png'], 'you.png', { type: 'image/png' });
    const done = uploadFile('/api/upload/avatar', [file, second], { schema });

    expect((requests[0]?.body as FormData).getAll('uploads')).toEqual([file, second]);
    requests[0]?.respond(200, { data: { avatar: '/a.png' } });
    await expect(done).resolves.toEqual({ avatar: '/a.png' });
  });

  it('reports progress as whole percentages', async () => {
    const requests = installFakeXhr();
    const seen: number[] = [];
    const done = uploadFile('/api/upload/avatar', file, {
      schema,
      onProgress: (percent) => seen.push(percent),
    });

    requests[0]?.progress(0, 300);
    requests[0]?.progress(100, 300);
    requests[0]?.progress(300, 300);
    requests[0]?.respond(200, { data: { avatar: '/a.png' } });
    await done;
    expect(seen).toEqual([0, 33, 100]);
  });

  it("throws the server's message and status as an ApiError", async () => {
    const requests = installFakeXhr();
    const done = uploadFile('/api/upload/avatar', file, { schema });
    requests[0]?.respond(400, { message: MESSAGES.avatarNotImage });

    const error: unknown = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: MESSAGES.avatarNotImage, status: 400 });
  });

  it('falls back to the usual texts when the reply has no message or never comes', async () => {
    const requests = installFakeXhr();
    const serverDown = uploadFile('/api/upload/avatar', file, { schema });
    requests[0]?.respond(502, undefined);
    await expect(serverDown).rejects.toMatchObject({ message: MESSAGES.serverWentWrong });

    const offline = uploadFile('/api/upload/avatar', file, { schema });
    requests[1]?.fail();
    await expect(offline).rejects.toMatchObject({
      message: MESSAGES.somethingWentWrong,
      status: 0,
    });
  });

  it('ends the session when an upload with a token answers 401', async () => {
    signInAs();
    const requests = installFakeXhr();
    const done = uploadFile('/api/upload/avatar', file, { schema });
    requests[0]?.respond(401, { message: MESSAGES.sessionExpired });

    await expect(done).rejects.toThrow(MESSAGES.sessionExpired);
    expect(useAppStore.getState()).toMatchObject({ loggedIn: false, token: null });
  });

  it('rejects a reply whose data breaks the contract', async () => {
    const requests = installFakeXhr();
    const done = uploadFile('/api/upload/avatar', file, { schema });
    requests[0]?.respond(200, { data: { location: 'x' } });
    await expect(done).rejects.toBeInstanceOf(z.ZodError);
  });
});
