// Bounds each memo of credential → identity (app tokens rotate every hour).
const MEMO_SIZE = 16;

/**
Who asks, as a store may see it: a SHA-256 hash of the `authorization` header as sent, after
`context` (so that a stored identity is no plain SHA-256 of a token, and two features never share
one), or `"anonymous"`. Memoized per credential. Rejects without Web Crypto (`crypto.subtle`).
*/
export function createIdentities(context: string): (authorization: unknown) => Promise<string> {
	const identities = new Map<string, Promise<string>>();
	return (authorization) => {
		if (authorization === undefined) return Promise.resolve("anonymous");
		const credential = String(authorization);
		let identity = identities.get(credential);
		if (identity === undefined) {
			if (identities.size >= MEMO_SIZE) identities.clear();
			identity = sha256(context + credential);
			identities.set(credential, identity);
			identity.catch(() => identities.delete(credential));
		}
		return identity;
	};
}

async function sha256(text: string): Promise<string> {
	const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
	let hex = "";
	for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, "0");
	return hex;
}
