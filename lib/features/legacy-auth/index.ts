import type { Log } from "../../../types/request.js";
import type { Feature } from "../../../types/features.js";
import { authorization, createTokenAuth, withHeader, type Authentication } from "../../auth.js";
import { warnOnce } from "../../common/log.js";

const LEGACY_AUTH =
	'Setting the "auth" option to an object, a function or a "basic …" string is deprecated. Use a token string ' +
	'or an "authStrategy" instead';

/**
The `auth` forms that @octokit/rest v16 took: a `"basic …"` string, `{ username, password }`,
`{ clientId, clientSecret }`, `{ token }`, or a function that returns a token. They still
work, with a deprecation message once per client.
*/
function createLegacyAuth(auth: unknown, log: Log): Authentication {
	warnOnce(log, LEGACY_AUTH);
	if (typeof auth === "string")
		return withHeader(
			() => auth,
			async () => ({ type: "basic" }),
		);
	if (typeof auth === "function") {
		return withHeader(
			async () => createHeader(await auth()),
			async () => ({ type: "token", tokenType: "oauth" }),
		);
	}
	const value = auth as Record<string, string | undefined>;
	if (value.token) return createTokenAuth(value.token);
	const [user, secret] = value.username ? [value.username, value.password] : [value.clientId, value.clientSecret];
	if (user === undefined || secret === undefined) {
		throw new TypeError('The "auth" option must be a token string, or an object with "username" and "password"');
	}
	const basic = `basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`;
	return withHeader(
		() => basic,
		async () => ({ type: "basic", username: user }),
	);
}

function createHeader(token: unknown): string {
	const text = String(token);
	if (/^(basic|token|bearer) /i.test(text)) return text;
	return authorization(text);
}

/**
The legacy-auth feature, for the `auth` forms above. On either entry,
`Hublet.plugin(legacyAuth)` adds it (without it, those forms are refused).
The client hands it only an `auth` it does not take itself (a token string, or none): the option's
form was checked then (client-options.ts). It has no body: the forms are set up at once.
*/
export const legacyAuth: Feature<{ auth: unknown }, never> = {
	name: "legacyAuth",
	option: "auth",
	check: (auth) => (auth === undefined ? undefined : { auth }),
	setup: (_body, { auth }, { client }) => ({ auth: createLegacyAuth(auth, client.log) }),
};
