/*
Errors whose response body could not be parsed (broken JSON, nested too deep). The same bytes
would come back however often the request were sent, so the retry policy never retries them,
whatever their status. The mark is data on the error itself, under a key every copy of this file
shares (the transport marks, and the retry feature, a file of its own, reads): a hidden property,
which no inspection, JSON or spread of the error shows.
*/
const UNPARSED = Symbol.for("hublet.unparsedBody");

/** Marks `error` as carrying a body its content type's parser could not take. */
export const markUnparsedBody = (error: object) => void Object.defineProperty(error, UNPARSED, { value: true, configurable: true });

/** Whether `error` carries a body its content type's parser could not take. */
export const hasUnparsedBody = (error: object) => (error as { [UNPARSED]?: unknown })[UNPARSED] === true;
