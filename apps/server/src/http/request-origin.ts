import { LANGUAGES, type Language } from '@plotline/core';
import type { FastifyRequest } from 'fastify';
import type { Origin } from '../access/caller.ts';

/** The first language of an Accept-Language header that the studio speaks. */
export function preferredLanguage(header: string | undefined): Language | null {
  for (const part of (header ?? '').split(',')) {
    const primary = part.split(';')[0]!.trim().split('-')[0]!.toLowerCase();
    const match = LANGUAGES.find((language) => language === primary);
    if (match) return match;
  }
  return null;
}

export function originOf(request: FastifyRequest): Origin {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    language: preferredLanguage(request.headers['accept-language']),
  };
}
