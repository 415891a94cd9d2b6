/** The rules of messages between a client and an expert (docs/product.md "Messages"). */

/** A message is at most 5 000 characters once trimmed (the database checks the same). */
export const messageMaxLength = 5000;

/**
 * The fewest characters of a message's text once trimmed: none when a file is attached (a message may be only an
 * attachment), else 1 (docs/product.md "Messages"; migration 0035's check says the same).
 */
export const messageMinLength = (hasAttachment: boolean): number => (hasAttachment ? 0 : 1);

/** A client may start conversations with at most this many experts they had none with, in any 24 hours. */
export const newExpertsPerDay = 20;

/** Messages per page of a conversation (the newest first page, then older pages as the reader scrolls up). */
export const messagePageSize = 30;

/** The inbox lists at most this many conversations, the most recent first. */
export const inboxSize = 100;
