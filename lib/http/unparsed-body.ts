/*
Errors whose response body could not be parsed (broken JSON, nested too deep). The same bytes
would come back however often the request were sent, so the retry policy never retries them,
whatever their status. A WeakSet: an error leaves it when it is collected.
*/
const unparsedBodies = new WeakSet<object>();

/** Marks `error` as carrying a body its content type's parser could not take. */
export const markUnparsedBody = (error: object) => void unparsedBodies.add(error);

/** Whether `error` carries a body its content type's parser could not take. */
export const hasUnparsedBody = (error: object) => unparsedBodies.has(error);
