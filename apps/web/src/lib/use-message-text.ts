import { ARCHIVE_MESSAGES, formatMessage, LINEAR_CUT_MESSAGES, MESSAGES } from '@plotline/core';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Core's catalogues of messages and where the locales translate each: the server's and the rules'
 * under `messages`, a story archive's refusals (an import's 400s) and a linear cut's with the rest
 * of their texts.
 */
const CATALOGUES: readonly { prefix: string; texts: Readonly<Record<string, string>> }[] = [
  { prefix: 'messages', texts: MESSAGES },
  { prefix: 'storyArchive.messages', texts: ARCHIVE_MESSAGES },
  { prefix: 'linearCut.messages', texts: LINEAR_CUT_MESSAGES },
];

interface Known {
  /** The message's key in the locales, e.g. `messages.plotNotFound`. */
  key: string;
  text: string;
}

const KNOWN: readonly Known[] = CATALOGUES.flatMap(({ prefix, texts }) =>
  Object.entries(texts).map(([key, text]) => ({ key: `${prefix}.${key}`, text })),
);

const KEY_OF_MESSAGE = new Map<string, Known>(KNOWN.map((known) => [known.text, known]));

/**
 * A message with placeholders as a pattern that reads the values back out of the filled message.
 * `split` with this capturing pattern alternates fixed text and placeholder names.
 */
function templateOf({ key, text }: Known) {
  const parts = text.split(/\{(\w+)\}/);
  const fixed = parts.filter((_, index) => index % 2 === 0);
  return {
    key,
    text,
    names: parts.filter((_, index) => index % 2 === 1),
    pattern: new RegExp(`^${fixed.map(escapeRegExp).join('(.*?)')}$`, 's'),
    fixedLength: fixed.join('').length,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The most specific first, so `'{file}: {reason}'` only takes what no other template does. */
const TEMPLATES = KNOWN.map(templateOf)
  .filter(({ names }) => names.length > 0)
  .sort((a, b) => b.fixedLength - a.fixedLength);

/**
 * A core message (a validation rule's or the server's) in the language of `t`. Messages are English
 * on the wire, and the server fills their placeholders (`formatMessage`): such a message is
 * recognised by its template, and its values, which may be messages themselves (a refused file's
 * reason), are translated in turn. A message the app does not know is shown as the server wrote it.
 */
export function translateMessage(message: string, t: TFunction): string {
  const known = KEY_OF_MESSAGE.get(message);
  if (known) return t(known.key, { defaultValue: message });
  for (const template of TEMPLATES) {
    const values = template.pattern.exec(message)?.slice(1);
    if (!values) continue;
    const translated = t(template.key, { defaultValue: template.text });
    return formatMessage(
      translated,
      Object.fromEntries(
        template.names.map((name, index) => [name, translateMessage(values[index] ?? '', t)]),
      ),
    );
  }
  return message;
}

/** Shows core messages in the current language (see `translateMessage`). */
export function useMessageText(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback((message: string) => translateMessage(message, t), [t]);
}
