// `data=@file` is a request's raw body (a release asset, an attachment). The library labels a
// body JSON unless told otherwise, which is right for a JSON file and wrong for anything else:
// a zip or a text file is sent as `application/octet-stream`, unless the user sets a type.

/** Whether text, or bytes as UTF-8, is JSON. */
export const isJson = (bytes) => {
	try {
		JSON.parse(bytes.toString("utf8"));
		return true;
	} catch {
		return false;
	}
};

const hasContentType = (headers) => Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "content-type");

/**
`params`, with `headers: { "content-type": "application/octet-stream" }` added when `data` came
from a file that is not JSON, the user set no content type, and the request the library would
build (`endpointOf(params)`) labels its body JSON. A route with its own type (`markdown.renderRaw`
sends text/plain) keeps it.
*/
export function withFileContentType(params, files, endpointOf) {
	const file = files.find((entry) => entry.name === "data");
	if (!file || hasContentType(params.headers) || isJson(file.bytes)) return params;
	let planned;
	try {
		planned = endpointOf(params);
	} catch {
		// A parameter is missing or wrong: the call itself reports it.
		return params;
	}
	if (!/^application\/json\b/i.test(planned.headers["content-type"] ?? "")) return params;
	return { ...params, headers: { ...params.headers, "content-type": "application/octet-stream" } };
}
