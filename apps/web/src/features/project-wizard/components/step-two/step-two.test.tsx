import {
  CONTENT_LANGUAGES,
  CONTENT_TYPE,
  MESSAGES,
  type ContentLanguage,
  type MovieContentStatus,
  type Project,
} from '@plotline/core';
import { act, fireEvent, screen, within, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, type FakeXhr } from '../../../../test/fake-xhr.ts';
import {
  jsonResponse,
  makeMovieContent,
  makeProject,
  signInAs,
} from '../../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../../test/render-page.tsx';
import { useProject } from '../../../../api/project.ts';
import { StepTwo } from './step-two.tsx';

const onNext = vi.fn();

/** The wizard's frame as far as step 2 needs it: the project from the server, Back to step 1. */
function Frame() {
  const project = useProject(5);
  const navigate = useNavigate();
  if (!project.data) return null;
  return (
    <StepTwo
      movieId={5}
      project={project.data}
      onBack={() => void navigate('/app/project-create/5?step=1')}
      onNext={onNext}
    />
  );
}

function english(overrides: Partial<ContentLanguage> = {}): ContentLanguage {
  return { language_id: 1, caption: 'Open the door', file: null, file_name: null, ...overrides };
}

interface Serve {
  items?: MovieContentStatus[];
  project?: Partial<Project>;
  handlers?: Parameters<typeof stubApi>[0];
}

/** Step 2 of project 5 with `items`; the language list is the studio's. */
function openStepTwo({ items = [], project = {}, handlers = {} }: Serve = {}) {
  let current = makeProject({ movieContent: items, ...project });
  const api = stubApi({
    'GET /api/movie/5': () => jsonResponse({ data: current }),
    'GET /api/transcoder/movie-status/5': () => jsonResponse({ data: items }),
    'GET /api/language': () =>
      jsonResponse({
        data: CONTENT_LANGUAGES.map(({ language_id, name }) => ({ language_id, name })),
      }),
    ...handlers,
  });
  const page = renderPage(
    <Frame />,
    '/app/project-create/5?step=2',
    '/app/project-create/:movieId',
  );
  return {
    ...page,
    api,
    /** Later answers of `GET /api/movie/5` carry these changes. */
    serveProject: (changes: Partial<Project>) => {
      current = { ...current, ...changes };
    },
  };
}

/** A call the server refuses with `message` (spec §8: the client shows the server's reason). */
const refusal = (message: string, status: number) => () => jsonResponse({ message }, status);

/** Confirms the open delete dialog; the server refuses, and the toast gives its `reason`. */
async function confirmRefusedDelete(user: ReturnType<typeof renderPage>['user'], reason: string) {
  await user.click(screen.getByRole('button', { name: 'Ok' }));
  expect(await screen.findByText(`Delete error! ${reason}`)).toBeInTheDocument();
}

const itemNamed = (name: string) => screen.findByRole('listitem', { name }, { timeout: 5_000 });
const languagesOf = (item: HTMLElement, name: string) =>
  within(item).getByRole('region', { name: `Captions and subtitles of ${name}` });
/** A closing dialog hides the page from assistive technology until it is gone. */
const waitForNoDialog = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
/** The text a user reads: bidi isolates around file names are invisible. */
const readable = (element: Element) => element.textContent?.replace(/[\u2068\u2069]/g, '');

beforeEach(() => {
  signInAs({ role: 'contributor' });
  onNext.mockReset();
});

describe('StepTwo: captions and subtitles', { timeout: 20_000 }, () => {
  it('keeps the caption disabled until a language is chosen', async () => {
    const { user } = openStepTwo({ items: [makeMovieContent()] });
    const item = await itemNamed('opening.mp4');
    const languages = languagesOf(item, 'opening.mp4');
    expect(
      within(languages).getByText('No caption yet. Add a language and write its caption.'),
    ).toBeVisible();

    await user.click(within(languages).getByRole('button', { name: 'Add language' }));
    const caption = within(languages).getByRole('textbox', { name: 'Caption' });
    expect(caption).toBeDisabled();
    expect(within(languages).getByText('Choose a language first')).toBeVisible();
    expect(within(languages).getByRole('button', { name: 'Add language' })).toBeDisabled();

    await user.click(within(languages).getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    expect(caption).toBeEnabled();
    expect(within(languages).getByText('0/75')).toBeVisible();
  });

  it('takes at most 75 characters of caption', async () => {
    const { user } = openStepTwo({
      items: [makeMovieContent({ lang: [english({ caption: 'a'.repeat(73) })] })],
    });
    const item = await itemNamed('opening.mp4');
    const caption = within(item).getByRole('textbox', { name: 'Caption' });
    await user.type(caption, 'bcd');
    expect(caption).toHaveValue(`${'a'.repeat(73)}bc`);
    expect(within(item).getByText('75/75')).toBeVisible();
  });

  it('saves typed captions with Save, which turns the saved flag back on', async () => {
    const { user, api } = openStepTwo({
      items: [makeMovieContent({ lang: [english()] })],
      handlers: { 'POST /api/movie-content/lang': () => jsonResponse({ data: null }) },
    });
    const item = await itemNamed('opening.mp4');
    expect(screen.getByText('All changes saved')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(within(item).getByRole('textbox', { name: 'Caption' }), ' now ');
    expect(screen.getByText('Changes not saved yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Check' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Change saved!')).toBeVisible();
    expect(api.to('POST', '/api/movie-content/lang').map((call) => call.body)).toEqual([
      { movie_content_id: 1, language_id: 1, caption: 'Open the door now' },
    ]);
    expect(screen.getByText('All changes saved')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeVisible();
  });

  it('sends nothing for a chosen language without a caption and says it is required', async () => {
    const { user, api } = openStepTwo({ items: [makeMovieContent()] });
    const item = await itemNamed('opening.mp4');
    await user.click(within(item).getByRole('button', { name: 'Add language' }));
    await user.click(within(item).getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'German' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(item).getByText('Required')).toBeVisible();
    expect(api.to('POST', '/api/movie-content/lang')).toEqual([]);
    expect(screen.getByText('Changes not saved yet')).toBeVisible();
  });

  it('asks before removing a language, then removes it from every item', async () => {
    const { user, api } = openStepTwo({
      items: [
        makeMovieContent({ lang: [english()] }),
        makeMovieContent({
          movie_content_id: 2,
          file_name: 'left.mp4',
          type: CONTENT_TYPE.bridge,
          lang: [english({ caption: 'Left or right?' })],
        }),
      ],
      handlers: { 'DELETE /api/movie-content/lang/5/1': () => jsonResponse({ data: null }) },
    });
    const item = await itemNamed('opening.mp4');
    await user.click(within(item).getByRole('button', { name: 'Remove English' }));

    const dialog = screen.getByRole('dialog', { name: 'Remove English' });
    expect(dialog).toHaveTextContent(
      'Are you sure to do this? All caption and subtitle related to this lang will be removed too!',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));

    await waitForNoDialog();
    expect(within(item).queryByRole('textbox', { name: 'Caption' })).not.toBeInTheDocument();
    expect(api.to('DELETE', '/api/movie-content/lang/5/1')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Bridge' }));
    const bridge = await itemNamed('left.mp4');
    expect(within(bridge).queryByRole('textbox', { name: 'Caption' })).not.toBeInTheDocument();
  });

  it("toasts the server's reason when a language cannot be removed", async () => {
    const { user } = openStepTwo({
      items: [makeMovieContent({ lang: [english()] })],
      handlers: {
        'DELETE /api/movie-content/lang/5/1': refusal(MESSAGES.projectPublished, 409),
      },
    });
    const item = await itemNamed('opening.mp4');
    await user.click(within(item).getByRole('button', { name: 'Remove English' }));
    await confirmRefusedDelete(user, MESSAGES.projectPublished);
    await waitForNoDialog();
    expect(within(item).getByRole('textbox', { name: 'Caption' })).toHaveValue('Open the door');
  });

  it('refuses a subtitle that is not an .srt file without sending it', async () => {
    const requests = installFakeXhr();
    openStepTwo({ items: [makeMovieContent({ lang: [english()] })] });
    const item = await itemNamed('opening.mp4');
    const input = within(item).getByLabelText('Subtitle file in English');
    expect(input).toHaveAttribute('accept', '.srt');

    // The picker's filter is only a hint: "All files" lets anything through.
    fireEvent.change(input, {
      target: { files: [new File(['WEBVTT'], 'opening.vtt', { type: 'text/vtt' })] },
    });
    expect(within(item).getByRole('alert')).toHaveTextContent(MESSAGES.subtitleNotSrt);
    expect(requests).toEqual([]);
  });

  it('uploads a subtitle, shows its file name, and removes it after asking', async () => {
    const requests = installFakeXhr();
    const { user, api } = openStepTwo({
      items: [makeMovieContent({ lang: [english()] })],
      handlers: { 'DELETE /api/movie-content/sub/1/1': () => jsonResponse({ data: null }) },
    });
    const item = await itemNamed('opening.mp4');
    await user.upload(
      within(item).getByLabelText('Subtitle file in English'),
      new File(['1\n00:00:00,000 --> 00:00:01,000\nHi\n'], 'opening-en.srt'),
    );

    const request = requests[0] as FakeXhr;
    expect(request.url).toBe('/api/upload/subtitle');
    const body = request.body as FormData;
    expect([body.get('movie_content_id'), body.get('language_id'), body.get('exist')]).toEqual([
      '1',
      '1',
      '0',
    ]);
    act(() => request.progress(50, 100));
    expect(within(item).getByText('Uploading 50%')).toBeVisible();
    act(() =>
      request.respond(200, {
        data: {
          location: '/media/subtitles/a.vtt',
          file_name: 'opening-en.srt',
          movie_content_id: 1,
          language_id: 1,
        },
      }),
    );

    expect(await within(item).findByText('opening-en.srt')).toBeVisible();
    expect(screen.getByText('Changes not saved yet')).toBeVisible();

    await user.click(
      within(item).getByRole('button', { name: 'Remove the English subtitle opening-en.srt' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove subtitle' });
    expect(dialog).toHaveTextContent(MESSAGES.confirmAction);
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(within(item).queryByText('opening-en.srt')).toBeNull());
    expect(api.to('DELETE', '/api/movie-content/sub/1/1')).toHaveLength(1);
    expect(within(item).getByLabelText('Subtitle file in English')).toBeInTheDocument();
  });
});

describe('StepTwo: items', { timeout: 20_000 }, () => {
  it('deletes an item after the confirmation', async () => {
    const { user, api } = openStepTwo({
      items: [makeMovieContent(), makeMovieContent({ movie_content_id: 2, file_name: 'b.mp4' })],
      handlers: { 'DELETE /api/movie-content/5/1': () => jsonResponse({ data: null }) },
    });
    const item = await itemNamed('opening.mp4');
    await user.click(within(item).getByRole('button', { name: 'Delete opening.mp4' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete video' });
    expect(dialog).toHaveTextContent('Delete item, are you sure?');
    expect(dialog).toHaveTextContent('opening.mp4');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForNoDialog();
    expect(api.to('DELETE', '/api/movie-content/5/1')).toEqual([]);

    await user.click(within(item).getByRole('button', { name: 'Delete opening.mp4' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitForNoDialog();
    expect(screen.queryByRole('listitem', { name: 'opening.mp4' })).not.toBeInTheDocument();
    expect(api.to('DELETE', '/api/movie-content/5/1')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'b.mp4' })).toBeVisible();
  });

  it("says 'Delete error!' with the server's reason when an item cannot be deleted", async () => {
    const { user } = openStepTwo({
      items: [makeMovieContent()],
      handlers: {
        'DELETE /api/movie-content/5/1': refusal(MESSAGES.contentNotFound, 404),
      },
    });
    const item = await itemNamed('opening.mp4');
    await user.click(within(item).getByRole('button', { name: 'Delete opening.mp4' }));
    await confirmRefusedDelete(user, MESSAGES.contentNotFound);
    expect(item).toBeInTheDocument();
  });

  it('plays an item with a stream in a dialog, where the browser plays HLS', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const { user } = openStepTwo({
      items: [
        makeMovieContent({
          lang: [english({ file: '/media/subtitles/a.vtt', file_name: 'a.srt' })],
        }),
        makeMovieContent({
          movie_content_id: 2,
          file_name: 'new.mp4',
          url: null,
          thumbnail: null,
          status: 'queued',
        }),
      ],
    });
    const item = await itemNamed('opening.mp4');
    expect(
      within(await itemNamed('new.mp4')).queryByRole('button', { name: 'Play new.mp4' }),
    ).not.toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Play opening.mp4' }));
    const dialog = screen.getByRole('dialog', { name: 'opening.mp4' });
    const video = within(dialog).getByLabelText('Video player: opening.mp4');
    expect(video).toHaveAttribute('src', '/media/hls/1/master.m3u8');
    expect(video.querySelector('track')).toHaveAttribute('srclang', 'en');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so where the browser cannot play HLS by itself', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    const { user } = openStepTwo({ items: [makeMovieContent()] });
    const item = await itemNamed('opening.mp4');
    await user.click(within(item).getByRole('button', { name: 'Play opening.mp4' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'This browser cannot play the stream here.',
    );
  });
});

describe('StepTwo: Check and Next', { timeout: 20_000 }, () => {
  it('reads Check while something is missing and lists every problem when pressed', async () => {
    const subtitled = english({ file: '/media/subtitles/a.vtt', file_name: 'a.srt' });
    const { user } = openStepTwo({
      items: [
        makeMovieContent({ lang: [subtitled, english({ language_id: 3, caption: '' })] }),
        makeMovieContent({
          movie_content_id: 2,
          file_name: 'forest.mp4',
          status: 'processing',
          thumbnail: null,
          progress: 40,
          lang: [english()],
        }),
        makeMovieContent({
          movie_content_id: 3,
          file_name: 'left.mp4',
          type: CONTENT_TYPE.bridge,
          lang: [],
        }),
      ],
    });
    await itemNamed('opening.mp4');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByText('Before going on')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check' }));
    const list = screen.getByRole('list', { name: 'Before going on' });
    expect(within(list).getAllByRole('listitem').map(readable)).toEqual([
      'Transcode not finished or failed on forest.mp4',
      'Empty German caption on opening.mp4',
      'No caption on left.mp4: add a language and write its caption',
      'Empty German subtitle on opening.mp4: once a clip has a subtitle, every clip needs one for each of its languages',
      'Empty English subtitle on forest.mp4: once a clip has a subtitle, every clip needs one for each of its languages',
    ]);
    expect(list.closest('[role="alert"]')).toHaveFocus();
  });

  it('names unsaved data first, and the list follows the edits', async () => {
    const { user } = openStepTwo({ items: [makeMovieContent({ lang: [english()] })] });
    const item = await itemNamed('opening.mp4');
    await user.clear(within(item).getByRole('textbox', { name: 'Caption' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const list = screen.getByRole('list', { name: 'Before going on' });
    expect(within(list).getAllByRole('listitem').map(readable)).toEqual([
      'Data is not saved yet: press Save.',
      'Empty English caption on opening.mp4',
    ]);
    await user.type(within(item).getByRole('textbox', { name: 'Caption' }), 'Hello');
    expect(within(list).getAllByRole('listitem').map(readable)).toEqual([
      'Data is not saved yet: press Save.',
    ]);
  });

  it('offers Next when everything is in place', async () => {
    const { user } = openStepTwo({
      items: [
        makeMovieContent({ lang: [english()] }),
        makeMovieContent({
          movie_content_id: 2,
          file_name: 'left.mp4',
          type: CONTENT_TYPE.bridge,
          lang: [english({ caption: 'Left or right?' })],
        }),
      ],
    });
    await itemNamed('opening.mp4');
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('asks before Back leaves captions that are not saved', async () => {
    const { user, router } = openStepTwo({ items: [makeMovieContent({ lang: [english()] })] });
    const item = await itemNamed('opening.mp4');
    await user.type(within(item).getByRole('textbox', { name: 'Caption' }), '!');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.search).toBe('?step=2');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=1'));
  });
});

describe('StepTwo: banner', { timeout: 20_000 }, () => {
  it('shows the three banner kinds with their recommended sizes', async () => {
    const { user } = openStepTwo();
    await user.click(await screen.findByRole('tab', { name: 'Banner' }));
    for (const [name, size] of [
      ['Vertical', '656 × 896'],
      ['Horizontal', '1029 × 270'],
      ['Vertical long', '1029 × 1692'],
    ]) {
      const card = screen.getByRole('region', { name });
      expect(within(card).getByText(`Recommended size: ${size} px`)).toBeVisible();
      expect(within(card).getByText('No image yet')).toBeVisible();
    }
  });

  it('uploads a banner image and shows it', async () => {
    const requests = installFakeXhr();
    const { user, serveProject } = openStepTwo();
    await user.click(await screen.findByRole('tab', { name: 'Banner' }));
    const card = screen.getByRole('region', { name: 'Horizontal' });
    await user.upload(
      within(card).getByLabelText('Horizontal banner image file'),
      new File(['png'], 'wide.png', { type: 'image/png' }),
    );
    const request = requests[0] as FakeXhr;
    expect(request.url).toBe('/api/upload/banner/horizontal');
    expect((request.body as FormData).get('movieId')).toBe('5');
    expect((request.body as FormData).has('mediaId')).toBe(false);

    const image = { url: '/media/banners/wide.png', mediaId: 31 };
    serveProject({
      banners: { ...makeProject().banners, horizontal: image },
    });
    act(() => request.respond(200, { data: { location: image.url, mediaId: 31 } }));
    expect(
      await within(card).findByRole('img', { name: 'Horizontal banner image' }),
    ).toHaveAttribute('src', image.url);
    expect(within(card).getByText('Replace image')).toBeInTheDocument();
  });

  it('deletes a banner image after the confirmation', async () => {
    const image = { url: '/media/banners/tall.png', mediaId: 7 };
    const noImage = { url: null, mediaId: null };
    const { user, api, serveProject } = openStepTwo({
      project: {
        banners: { vertical_regular: image, horizontal: noImage, vertical_long: noImage },
      },
      handlers: {
        'DELETE /api/media/banner/5/vertical_regular': () => {
          serveProject({
            banners: { vertical_regular: noImage, horizontal: noImage, vertical_long: noImage },
          });
          return jsonResponse({ data: null });
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Banner' }));
    const card = screen.getByRole('region', { name: 'Vertical' });
    expect(within(card).getByRole('img', { name: 'Vertical banner image' })).toBeVisible();

    await user.click(
      within(card).getByRole('button', { name: 'Delete the Vertical banner image' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete banner image' });
    expect(dialog).toHaveTextContent('Delete item, are you sure?');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await within(card).findByText('No image yet')).toBeVisible();
    expect(api.to('DELETE', '/api/media/banner/5/vertical_regular')).toHaveLength(1);
  });

  it('keeps the button text to 20 characters, checks the colours and saves the banner', async () => {
    const { user, api } = openStepTwo({
      project: { button_text: 'Buy', button_color: '#6a1b9a', button_text_color: '#ffffff' },
      handlers: { 'POST /api/media/banner': () => jsonResponse({ data: null }) },
    });
    await user.click(await screen.findByRole('tab', { name: 'Banner' }));
    const form = screen.getByRole('form', { name: 'Button and link' });

    const text = within(form).getByRole('textbox', { name: 'Button text' });
    await user.clear(text);
    await user.type(text, 'Get the soundtrack now!');
    expect(text).toHaveValue('Get the soundtrack n');
    expect(within(form).getByText('20/20')).toBeVisible();

    const colour = within(form).getByRole('textbox', { name: 'Button colour' });
    await user.clear(colour);
    await user.type(colour, 'purple');
    await user.click(within(form).getByRole('button', { name: 'Save banner' }));
    expect(within(form).getByText('Use a colour code such as #6a1b9a')).toBeVisible();
    expect(api.to('POST', '/api/media/banner')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Pick the Button colour'), {
      target: { value: '#ff8800' },
    });
    expect(colour).toHaveValue('#ff8800');
    await user.type(
      within(form).getByRole('textbox', { name: 'Target URL' }),
      'https://example.com/ost',
    );
    await user.click(within(form).getByRole('button', { name: 'Save banner' }));

    expect(await screen.findByText('Change saved!')).toBeVisible();
    expect(api.to('POST', '/api/media/banner').map((call) => call.body)).toEqual([
      {
        movie_id: 5,
        url: 'https://example.com/ost',
        button_text: 'Get the soundtrack n',
        button_color: '#ff8800',
        button_text_color: '#ffffff',
      },
    ]);
  });

  it('refuses a target that is not a web link, as the server would, and sends nothing', async () => {
    const { user, api } = openStepTwo({
      handlers: { 'POST /api/media/banner': () => jsonResponse({ data: null }) },
    });
    await user.click(await screen.findByRole('tab', { name: 'Banner' }));
    const form = screen.getByRole('form', { name: 'Button and link' });
    const url = within(form).getByRole('textbox', { name: 'Target URL' });
    for (const link of ['javascript:alert(1)', 'data:text/html,hi', '/relative/page']) {
      await user.clear(url);
      await user.type(url, link);
      await user.click(within(form).getByRole('button', { name: 'Save banner' }));
      expect(await within(form).findByText(MESSAGES.webUrlFormat)).toBeVisible();
      expect(url).toHaveAttribute('aria-invalid', 'true');
    }
    expect(api.to('POST', '/api/media/banner')).toEqual([]);

    await user.clear(url);
    await user.type(url, 'https://example.com/ost');
    await user.click(within(form).getByRole('button', { name: 'Save banner' }));
    expect(await screen.findByText('Change saved!')).toBeVisible();
    expect(api.to('POST', '/api/media/banner').map((call) => call.body)).toMatchObject([
      { url: 'https://example.com/ost' },
    ]);
  });
});

describe('StepTwo: a published project', { timeout: 20_000 }, () => {
  it('shows the items, captions and banner without a way to change them, and offers Next', async () => {
    const { user } = openStepTwo({
      items: [makeMovieContent({ lang: [english({ file: '/s.vtt', file_name: 'en.srt' })] })],
      project: {
        status: 'published',
        banners: {
          vertical_regular: { url: '/media/banners/v.png', mediaId: 1 },
          horizontal: { url: null, mediaId: null },
          vertical_long: { url: null, mediaId: null },
        },
      },
    });
    const item = await itemNamed('opening.mp4');
    const languages = languagesOf(item, 'opening.mp4');

    expect(screen.getByText(MESSAGES.projectPublished)).toBeInTheDocument();
    expect(within(languages).getByRole('textbox', { name: 'Caption' })).toHaveAttribute('readonly');
    expect(within(item).queryByRole('button', { name: /^Delete|^Remove/ })).toBeNull();
    expect(within(languages).queryByRole('button', { name: 'Add language' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Upload clips' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalled();

    await user.click(screen.getByRole('tab', { name: 'Banner' }));
    expect(screen.queryByRole('button', { name: 'Save banner' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Replace image|Upload image|Delete/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Target URL' })).toHaveAttribute('readonly');
  });
});
