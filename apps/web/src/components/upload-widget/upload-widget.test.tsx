import { UPLOAD_LIMIT_BYTES } from '@plotline/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadWidget, type UploadFiles } from './upload-widget.tsx';

function video(name: string, size = 1_000): File {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** An upload the test drives: it reports progress, then resolves or rejects when told. */
function controlledUpload() {
  let report: (percent: number) => void = () => undefined;
  let reportResume: (file: File, percent: number) => void = () => undefined;
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const upload = vi.fn<UploadFiles>(
    (_files, onProgress, _signal, onResume) =>
      new Promise((resolve, reject) => {
        report = onProgress;
        reportResume = onResume;
        finish = () => resolve(undefined);
        fail = reject;
      }),
  );
  return {
    upload,
    progress: (percent: number) => act(() => report(percent)),
    resume: (file: File, percent: number) => act(() => reportResume(file, percent)),
    finish: () => act(async () => finish()),
    fail: (message: string) => act(async () => fail(new Error(message))),
  };
}

function renderWidget(props: Partial<Parameters<typeof UploadWidget>[0]> = {}) {
  const upload = props.upload ?? controlledUpload().upload;
  render(<UploadWidget title="Upload clips" accept="video/*" {...props} upload={upload} />);
  const box = screen.getByRole('region', { name: 'Upload clips' });
  return { user: userEvent.setup(), box };
}

const chosen = (box: HTMLElement) =>
  within(box)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('UploadWidget', () => {
  it('keeps Upload disabled until a file is chosen', async () => {
    const { user, box } = renderWidget({ multiple: true });
    expect(within(box).getByText('No files chosen')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(within(box).getByLabelText('Choose files'), video('intro.mp4'));
    expect(chosen(box)).toEqual([expect.stringContaining('intro.mp4')]);
    expect(within(box).getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('offers the file picker as one control, the first tab stop: the input, not a button around it', async () => {
    const { user, box } = renderWidget({ multiple: true });
    expect(within(box).queryByRole('button', { name: 'Choose files' })).toBeNull();

    await user.tab();
    expect(within(box).getByLabelText('Choose files')).toHaveFocus();
  });

  it('refuses a file that would take the selection past 1 GB, and says so', async () => {
    const { user, box } = renderWidget({ multiple: true });
    const input = within(box).getByLabelText('Choose files');
    await user.upload(input, video('long.mp4', UPLOAD_LIMIT_BYTES - 100));
    await user.upload(input, video('more.mp4', 100));

    expect(within(box).getByRole('alert')).toHaveTextContent(
      'Total selected file size must be smaller than 1GB!',
    );
    expect(chosen(box)).toEqual([expect.stringContaining('long.mp4')]);
  });

  it('replaces the chosen file with a new pick in single-selection mode', async () => {
    const { user, box } = renderWidget();
    const input = within(box).getByLabelText('Choose file');
    await user.upload(input, video('first.mp4'));
    await user.upload(input, video('second.mp4'));
    expect(chosen(box)).toEqual([expect.stringContaining('second.mp4')]);
  });

  it('adds to the selection in multiple mode, and a chosen file can be removed', async () => {
    const { user, box } = renderWidget({ multiple: true });
    const input = within(box).getByLabelText('Choose files');
    await user.upload(input, [video('a.mp4'), video('b.mp4')]);
    await user.upload(input, video('c.mp4'));
    expect(chosen(box)).toHaveLength(3);

    const [first] = within(box).getAllByRole('listitem');
    await user.click(within(first!).getByTestId('CancelIcon'));
    expect(chosen(box)).toEqual([
      expect.stringContaining('b.mp4'),
      expect.stringContaining('c.mp4'),
    ]);
  });

  it('offers nothing while disabled', async () => {
    const { box } = renderWidget({ disabled: true });
    expect(within(box).getByLabelText('Choose file')).toBeDisabled();
    expect(within(box).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('shows the progress while uploading, then clears the selection when done', async () => {
    const upload = controlledUpload();
    const { user, box } = renderWidget({ upload: upload.upload, multiple: true });
    const files = [video('a.mp4'), video('b.mp4')];
    await user.upload(within(box).getByLabelText('Choose files'), files);
    await user.click(within(box).getByRole('button', { name: 'Upload' }));

    expect(upload.upload).toHaveBeenCalledWith(
      files,
      expect.any(Function),
      expect.any(AbortSignal),
      expect.any(Function),
    );
    expect(within(box).getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(within(box).getByLabelText('Choose files')).toBeDisabled();
    upload.progress(42);
    const bar = within(box).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(within(box).getByText('42%')).toBeVisible();

    vi.useFakeTimers();
    await upload.finish();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(within(box).getByText('Upload complete')).toBeInTheDocument();
    expect(chosen(box)).toEqual([]);
    expect(within(box).getByRole('button', { name: 'Upload' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(500));
    expect(within(box).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says when an upload continues an earlier one, with the bar starting where it stopped', async () => {
    const upload = controlledUpload();
    const { user, box } = renderWidget({ upload: upload.upload, multiple: true });
    const file = video('long take.mp4');
    await user.upload(within(box).getByLabelText('Choose files'), file);
    await user.click(within(box).getByRole('button', { name: 'Upload' }));
    expect(within(box).queryByRole('status')).not.toBeInTheDocument();

    upload.resume(file, 42);
    upload.progress(42);
    expect(within(box).getByRole('status')).toHaveTextContent(
      'Resuming your earlier upload of \u2068long take.mp4\u2069 from 42%.',
    );
    const bar = within(box).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');

    vi.useFakeTimers();
    await upload.finish();
    act(() => vi.advanceTimersByTime(500));
    expect(within(box).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says nothing of an earlier upload on the next one', async () => {
    const upload = controlledUpload();
    const { user, box } = renderWidget({ upload: upload.upload });
    const input = within(box).getByLabelText('Choose file');
    await user.upload(input, video('first.mp4'));
    await user.click(within(box).getByRole('button', { name: 'Upload' }));
    upload.resume(video('first.mp4'), 10);
    await upload.fail('Oops.. Something went wrong on our server :(');

    await user.upload(input, video('first.mp4'));
    await user.click(within(box).getByRole('button', { name: 'Upload' }));
    upload.progress(5);
    expect(within(box).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
    expect(within(box).queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows a failure's message, resets the progress and clears the selection", async () => {
    const upload = controlledUpload();
    const { user, box } = renderWidget({ upload: upload.upload });
    await user.upload(within(box).getByLabelText('Choose file'), video('broken.mp4'));
    await user.click(within(box).getByRole('button', { name: 'Upload' }));
    upload.progress(80);
    await upload.fail(
      'This file is not a video that can be read; it may be damaged or incomplete.',
    );

    expect(within(box).getByRole('alert')).toHaveTextContent(
      'This file is not a video that can be read',
    );
    expect(within(box).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(chosen(box)).toEqual([]);
    expect(within(box).getByLabelText('Choose file')).toBeEnabled();

    await user.click(within(box).getByRole('button', { name: 'Close' }));
    expect(within(box).queryByRole('alert')).not.toBeInTheDocument();
  });
});
