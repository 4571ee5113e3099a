import { formatMessage, MESSAGES } from '@plotline/core';

/** One problem of a refused input, as zod reports it (`keys`: the fields an object does not know). */
export interface InputProblem {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  keys?: readonly string[];
}

/**
 * The message of a refused input. An unknown field comes first, named with its place
 * (`Unknown field "plots.0.colour"`): a misspelt name is usually why a field seems missing. Any
 * other problem is its field and zod's message. Bodies, multipart fields and tus metadata all say it
 * this way.
 */
export function inputProblemMessage(problems: readonly InputProblem[]): string {
  const unknown = problems.find((problem) => problem.code === 'unrecognized_keys');
  const [key] = unknown?.keys ?? [];
  if (unknown && key !== undefined) {
    return formatMessage(MESSAGES.unknownField, {
      field: [...unknown.path.map(String), key].join('.'),
    });
  }
  const [first] = problems;
  if (!first) return 'Invalid request';
  const field = first.path.map(String).join('.');
  return field ? `${field}: ${first.message}` : first.message;
}
