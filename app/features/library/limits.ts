// What the library's search form and its server agree on. Kept apart from the zod schemas so
// the page's browser code does not carry zod (see docs/performance.md).

/** Longer than any title people type; longer text is refused, not cut. */
export const SEARCH_TEXT_MAX_LENGTH = 200;
/** 25 pages of 40: a thousand results is more than anyone reads; deeper pages cost the database most. */
export const MAX_PAGE = 25;
/** Books one person may keep on their reading list. */
export const READING_LIST_LIMIT = 200;
/** Subjects offered by the subject filter: the most common ones. */
export const SUBJECT_CHOICES = 40;
