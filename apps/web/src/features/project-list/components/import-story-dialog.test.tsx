import { ACCESS_TOKEN_HEADER, ARCHIVE_MESSAGES, formatMessage } from '@plotline/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeXhr } from '../../../test/fake-xhr.ts';
import { jsonResponse, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { ProjectListPage } from './project-list-page.tsx';

const archive = new File(['PK archive bytes'], 'the-forest.zip', { type: 'application/zip' });

function showList() {
  stubApi({ 'GET /api/movie': () => jsonResponse({ data: { rows: [], total: 0 } }) });
  return renderPage(<ProjectListPage />, '/app/project-list');
}

async function openDialogWithArchive(user: ReturnType<typeof renderPage>['user'], file = archive) {
  await user.click(screen.getByRole('button', { name: 'Import a story' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import a story' });
  await user.upload(within(dialog).getByLabelText('Choose a zip file'), file);
  return dialog;
}

describe('Import a story', () => {
  it('is offered only to those who may add projects', () => {
    signInAs({ role: 'analyst' });
    showList();
    expect(screen.queryByRole('button', { name: 'Import a story' })).not.toBeInTheDocument();
  });

  it('uploads the archive with its progress, then opens the new draft', async () => {
    signInAs({ role: 'contributor' });
    const requests = installFakeXhr();
    const { user, router } = showList();
    const dialog = await openDialogWithArchive(user);
    expect(dialog).toHaveAccessibleDescription(/a zip exported from Plotline/);
    expect(within(dialog).getByText(/the-forest\.zip, 16 byte/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', url: '/api/movie/import' });
    expect(request?.headers[ACCESS_TOKEN_HEADER]).toBe('token-1');
    expect((request?.body as FormData).getAll('uploads')).toEqual([archive]);

    request?.progress(40, 100);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload of the archive' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Uploading: 40%');
    request?.progress(100, 100);
    expect(await within(dialog).findByText('Checking the archive…')).toBeInTheDocument();

    request?.respond(201, { data: { movieId: 77, title: 'The forest', items: 12 } });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/app/project-list/project-detail/77'),
    );
    expect(await screen.findByText('“The forest” is imported as a draft')).toBeInTheDocument();
  });

  it("shows a refused archive's reason in the dialog, and lets it be sent again or another be chosen", async () => {
    signInAs({ role: 'administrator' });
    const requests = installFakeXhr();
    const { user, router } = showList();
    const dialog = await openDialogWithArchive(user);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const missing = formatMessage(ARCHIVE_MESSAGES.missingFile, { path: 'media/item-3.mp4' });
    requests[0]?.respond(400, { message: missing });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'media/item-3.mp4 is named in story.json but missing from the archive',
    );
    expect(router.state.location.pathname).toBe('/app/project-list');

    // Sent again, the same file may meet another answer: a 413 names the archive's limit.
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    requests[1]?.respond(413, { message: ARCHIVE_MESSAGES.archiveTooLarge });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A story archive must be smaller than 20 GB',
    );

    // A proxy in front of the server refuses with a 413 of its own, without a message of ours.
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    requests[2]?.respond(413, undefined);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The archive is too large for the server to take',
    );

    // Another file clears the reason.
    await user.upload(within(dialog).getByLabelText('Choose a zip file'), archive);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('refuses a file that is not a zip before sending it, and Cancel closes without a request', async () => {
    signInAs({ role: 'administrator' });
    const requests = installFakeXhr();
    const { user } = showList();
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // The picker offers zips only; a file that gets past it (a file manager's "all files") is told apart.
    await user.click(screen.getByRole('button', { name: 'Import a story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a story' });
    const input = within(dialog).getByLabelText('Choose a zip file');
    fireEvent.change(input, { target: { files: [notes] } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a .zip file');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Import a story' })).toHaveFocus();
  });
});
