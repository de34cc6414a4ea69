/*
Whether a body can be sent twice. A stream is consumed by the first attempt: a retry would
send nothing (or fail with "Response body object should not be disturbed or locked") and hide
the server's answer, so a request with one is never retried.
*/
import { sameRoute } from "./route-of.js";

/** A `ReadableStream`, a Node `Readable` or any other async iterable: bytes that can be read once. */
export function isStream(body: unknown): boolean {
	return typeof body === "object" && body !== null && (body instanceof ReadableStream || Symbol.asyncIterator in body);
}

/**
Whether every attempt can send the same body: nothing, a string, bytes (`Uint8Array`,
`ArrayBuffer`, any view), a `Blob`, `URLSearchParams`, `FormData` or a value sent as JSON.
*/
export const isReplayable = (body: unknown): boolean => !isStream(body);

/** What the error message of a request that was not retried for its body says. */
export const STREAM_NOTE = " (not retried: the request's body is a stream, which cannot be sent twice)";

/**
The request with a `FormData` body encoded once, so that every attempt sends the same bytes:
fetch would draw a new multipart boundary for each. The body becomes a `Blob` of those bytes,
and its `multipart/form-data; boundary=…` type replaces a content type that could not describe
them (none, the JSON default, or a multipart type without that boundary). Any other body is
already the same on every attempt.
*/
export async function withFixedBody<T extends { body?: unknown; headers: Record<string, unknown> }>(
	request: T,
): Promise<T> {
	if (!(request.body instanceof FormData)) return request;
	const encoded = await new Response(request.body).blob();
	const type = String(request.headers["content-type"] ?? "");
	const headers =
		type.includes("boundary=") && type.startsWith("multipart/")
			? request.headers
			: { ...request.headers, "content-type": encoded.type };
	return sameRoute(request, { ...request, body: encoded, headers });
}
