// The anchor GitHub's docs give a heading: its text in lower case, without punctuation, spaces as
// hyphens. Most methods' docs links end with their summary's anchor, so bin/cli-data.json keeps
// such a link without it (`repos/repos#`) and the command adds it back: a quarter of the file.

/** The docs anchor of a heading. */
export const docsAnchor = (heading) =>
	heading
		.toLowerCase()
		.replace(/[^a-z0-9 -]/g, "")
		.trim()
		.replace(/ /g, "-");
