import {
  EMBED_PATH,
  embedCode,
  embedSizeWithin,
  embedUrl,
  MESSAGES,
  parsedEmbedOrigins,
  WATCH_PATH,
  watchUrl,
  type OembedQuery,
  type OembedVideo,
} from '@plotline/core';
import { imageSize } from 'image-size';
import type { BlobStore } from '../../adapters/blob-store.ts';
import { AppError } from '../../errors.ts';
import type { MovieRecord, ProjectsRepository } from '../projects/projects.repository.ts';

/** What the player's pages need of a published story: its title and who may frame it. */
export interface EmbedPage {
  slug: string;
  title: string;
  /** Only a shareable story is offered to other sites (oEmbed, `/embed`). */
  shareable: boolean;
  /** Its `embed_origins` as parsed origins (core `parsedEmbedOrigins`), never the stored text. */
  embedOrigins: string[];
}

export const PROVIDER_NAME = 'Plotline';

/** Enough of an image's start for its size: JPEG's frame header may come after its metadata. */
const IMAGE_HEAD_BYTES = 128 * 1024;
/** Each published story's thumbnail size, read once (publishing is final). Oldest out first. */
const THUMBNAILS_KEPT = 1000;

interface Thumbnail {
  thumbnail_url: string;
  thumbnail_width: number;
  thumbnail_height: number;
}

/**
 * Embedding published stories: the facts the player's pages need (`/watch` advertises oEmbed,
 * `/embed` is framed by the project's sites only) and oEmbed's answers (issue 22).
 */
export function createEmbedService(deps: {
  projects: Pick<ProjectsRepository, 'findPublishedBySlug'>;
  blobs: Pick<BlobStore, 'read' | 'publicUrl'>;
  /** This site's address, whose story addresses oEmbed answers for. */
  publicUrl: string;
}) {
  const { projects, blobs, publicUrl } = deps;
  const site = new URL(publicUrl);
  const thumbnails = new Map<string, Thumbnail | null>();

  /**
   * The story's thumbnail for its view mode (the other one when it has none), with its size read
   * from the image's first bytes; null when there is none or it cannot be read (oEmbed names a
   * thumbnail only with its size).
   */
  async function thumbnailOf(movie: MovieRecord): Promise<Thumbnail | null> {
    const [first, second] =
      movie.viewMode === 'vertical'
        ? [movie.thumbnailMobile, movie.thumbnailDesktop]
        : [movie.thumbnailDesktop, movie.thumbnailMobile];
    const key = first ?? second;
    if (!key) return null;
    if (thumbnails.has(key)) return thumbnails.get(key)!;
    let thumbnail: Thumbnail | null = null;
    try {
      const stream = await blobs.read(key, { start: 0, end: IMAGE_HEAD_BYTES - 1 });
      if (stream) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const { width, height } = imageSize(Buffer.concat(chunks));
        thumbnail = {
          thumbnail_url: new URL(blobs.publicUrl(key), publicUrl).toString(),
          thumbnail_width: width,
          thumbnail_height: height,
        };
      }
    } catch {
      thumbnail = null;
    }
    if (thumbnails.size >= THUMBNAILS_KEPT) thumbnails.delete(thumbnails.keys().next().value!);
    thumbnails.set(key, thumbnail);
    return thumbnail;
  }

  const pageOf = (movie: MovieRecord): EmbedPage => ({
    slug: movie.slug!,
    title: movie.title,
    shareable: movie.shareable,
    embedOrigins: parsedEmbedOrigins(movie.embedOrigins),
  });

  /** `/watch/{slug}` or `/embed/{slug}` of this site; null for any other address. */
  function slugOf(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== site.origin) return null;
    const prefix = [WATCH_PATH, EMBED_PATH].find((path) => parsed.pathname.startsWith(`${path}/`));
    const slug = prefix ? parsed.pathname.slice(prefix.length + 1).replace(/\/$/, '') : '';
    if (!slug || slug.includes('/')) return null;
    try {
      return decodeURIComponent(slug);
    } catch {
      return null;
    }
  }

  return {
    /** A published story's page facts; null for an unknown address or a draft. */
    async page(slug: string): Promise<EmbedPage | null> {
      const movie = await projects.findPublishedBySlug(slug);
      return movie ? pageOf(movie) : null;
    },

    /** The oEmbed call of a story's `/watch` address, which its page advertises. */
    oembedDiscovery(slug: string): string {
      const url = new URL('/api/oembed', publicUrl);
      url.searchParams.set('url', watchUrl(publicUrl, slug));
      url.searchParams.set('format', 'json');
      return url.toString();
    },

    /**
     * oEmbed 1.0 for a story's address: a `video` whose html is the story's frame, as large as its
     * view mode's size within maxwidth and maxheight, with its thumbnail and the thumbnail's size. JSON only (501 for any other format, as the
     * spec says); 400 for an address not of this site's stories; 404 for a story that is unknown,
     * a draft, or not shareable.
     */
    async oembed(query: OembedQuery): Promise<OembedVideo> {
      if (query.format !== undefined && query.format !== 'json') {
        throw new AppError(501, MESSAGES.oembedFormatUnsupported);
      }
      const slug = slugOf(query.url);
      if (slug === null) throw new AppError(400, MESSAGES.oembedUrlNotOurs);
      const movie = await projects.findPublishedBySlug(slug);
      if (!movie || !movie.shareable) throw new AppError(404, MESSAGES.watchNotFound);
      const size = embedSizeWithin(movie.viewMode, query.maxwidth, query.maxheight);
      return {
        type: 'video',
        version: '1.0',
        title: movie.title,
        provider_name: PROVIDER_NAME,
        provider_url: site.origin + '/',
        html: embedCode({
          url: embedUrl(publicUrl, slug),
          title: movie.title,
          viewMode: movie.viewMode,
          size,
        }),
        ...size,
        ...(await thumbnailOf(movie)),
      };
    },
  };
}

export type EmbedService = ReturnType<typeof createEmbedService>;
