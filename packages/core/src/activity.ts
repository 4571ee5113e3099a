/**
 * Every kind of entity the activity log records, as `entity_type` names it: what `entity_id` is the
 * id of. The server's log entries are typed by it, so an entry of another kind does not compile, and
 * the log's entity filter accepts exactly these.
 */
export const ACTIVITY_ENTITY_TYPES = [
  'session',
  'user',
  'company',
  'movie',
  'series',
  'movie_content',
  'movie_plot',
  'banner_image',
  'promoted',
  'segment',
  'operator_settings',
  'user_identity',
  'linear_cut',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];
