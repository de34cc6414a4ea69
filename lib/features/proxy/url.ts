// A proxy URL: how one is read (as undici takes it), and what the messages say one must be.

/** A proxy URL as undici takes it: curl reads `proxy:3128`, with no scheme, as http. */
export function proxyUrl(value: string): URL | undefined {
	try {
		const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `http://${value}`);
		return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
	} catch {
		return undefined;
	}
}

export const isSet = (option: unknown) => option !== undefined && option !== null;
export const EXPECTED = "a proxy URL (http://host:port, or https://) or false";

/** A checked `request.proxy`: a proxy URL, `false` to go direct, or unset (the environment decides). */
export interface ProxySettings {
	proxy: string | URL | false | null | undefined;
}

declare module "../../http/stage-types.js" {
	interface CallSettings {
		/** The proxy feature's settings for the call: its `request.proxy`, or the client's. */
		readonly proxy?: ProxySettings;
	}
}
