// Bounds each memo of credential → identity (app tokens rotate every hour).
const MEMO_SIZE = 16;

/**
Who asks, as a store may see it: a SHA-256 hash of the `authorization` header as sent, after
`context` (so that a stored identity is no plain SHA-256 of a token, and two features never share
one), or `"anonymous"`. Memoized per credential. Rejects without Web Crypto (`crypto.subtle`).
*/
export function createIdentities(context: string): (authorization: unknown) => Promise<string> {
	const hash = createHasher(context, MEMO_SIZE);
	return (authorization) => (authorization === undefined ? Promise.resolve("anonymous") : hash(String(authorization)));
}

/**
SHA-256 hashes of texts after `context`, as hex, memoized: at most `size` kept, then all
forgotten at once (a memo, not a cache). Rejects without Web Crypto (`crypto.subtle`).
*/
export function createHasher(context: string, size: number): (text: string) => Promise<string> {
	const hashes = new Map<string, Promise<string>>();
	return (text) => {
		let hash = hashes.get(text);
		if (hash === undefined) {
			if (hashes.size >= size) hashes.clear();
			hash = sha256(context + text);
			hashes.set(text, hash);
			hash.catch(() => hashes.delete(text));
		}
		return hash;
	};
}

async function sha256(text: string): Promise<string> {
	const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
	let hex = "";
	for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, "0");
	return hex;
}
