// A URL quoted in a message is redacted by the rule for `client_secret` and `access_token`
// fields too: a JSON field written into a URL's query (as some servers and tools echo a request)
// does not show its value, nor does its query form or its userinfo.
// Run: node test/redact-url-fields.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { redactUrl } from "../dist/common/redact.js";

const SECRET = "Zq7-s3cret-Xw93kLm2Pq";
const url = suite("redactUrl");

url("a JSON access_token or client_secret field inside a URL is replaced", () => {
	for (const key of ["access_token", "client_secret", "ACCESS_TOKEN"]) {
		const shown = redactUrl(`https://api.example/search?q={"${key}": "${SECRET}"}&page=2`);
		assert.not.ok(shown.includes(SECRET), shown);
		assert.ok(shown.includes(`"${key}": "[REDACTED]"`), shown);
		assert.ok(shown.endsWith("&page=2"), shown);
	}
});

url("the query form and userinfo are replaced as before, and a clean URL is kept", () => {
	assert.is(
		redactUrl(`https://me:${SECRET}@api.example/x?client_secret=${SECRET}&a=1`),
		"https://[REDACTED]@api.example/x?client_secret=[REDACTED]&a=1",
	);
	assert.is(redactUrl("https://api.example/repos/o/r?per_page=100"), "https://api.example/repos/o/r?per_page=100");
});

url.run();
