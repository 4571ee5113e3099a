import {
  csvCell,
  parseSort,
  type Language,
  type NewsSignup,
  type NewsSignupListQuery,
  type NewsSignupRow,
  type Page,
  type Terms,
} from '@plotline/core';
import type { NewsSignupRecord, NewsSignupsRepository } from './news-signups.repository.ts';
import type { TermsFile } from './terms-file.ts';

function toNewsSignupRow(signup: NewsSignupRecord): NewsSignupRow {
  return {
    id: signup.id,
    email: signup.email,
    // The column holds what the strict body let in: one of the studio's languages.
    language: signup.language as Language,
    created_at: signup.createdAt.toISOString(),
  };
}

/** The public pages' data: the operator's terms, and the news list of the coming-soon page. */
export function createPublicPagesService(deps: {
  terms: TermsFile;
  signups: Pick<NewsSignupsRepository, 'insertSignup' | 'listSignups' | 'allSignups'>;
}) {
  const { terms, signups } = deps;

  return {
    async terms(): Promise<Terms> {
      const text = await terms.read();
      return { markdown: text.markdown, updated_at: text.updatedAt.toISOString() };
    },

    /**
     * Puts the address on the list, lower-cased, once: signing up again changes nothing and answers
     * the same, so the call tells nobody which addresses are on the list.
     */
    async signUp(input: NewsSignup): Promise<{ email: string }> {
      const email = input.email.toLowerCase();
      await signups.insertSignup({ email, language: input.language });
      return { email };
    },

    async list(query: NewsSignupListQuery): Promise<Page<NewsSignupRow>> {
      const page = await signups.listSignups({
        search: query.search,
        sort: parseSort(query.sort, '-created_at'),
        page: query.page,
        perPage: query.perPage,
      });
      return { rows: page.rows.map(toNewsSignupRow), total: page.total };
    },

    /** Every address as CSV (a header, then one line each, oldest first), for a mailing tool. */
    async csv(): Promise<string> {
      const lines = (await signups.allSignups()).map((signup) =>
        [signup.email, signup.language, signup.createdAt.toISOString()].map(csvCell).join(','),
      );
      return [['email', 'language', 'created_at'].map(csvCell).join(','), ...lines]
        .map((line) => `${line}\r\n`)
        .join('');
    },
  };
}

export type PublicPagesService = ReturnType<typeof createPublicPagesService>;
