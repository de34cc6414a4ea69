// The features' bodies as the build finds them in lib/features/ (scripts/feature-bodies.mjs, the
// one list the build reads too).
import { fileURLToPath } from "node:url";
import { featureBodies } from "../../scripts/feature-bodies.mjs";

/** `feature-<folder>.js` for each feature whose body loads from a file of its own. */
export const BODY_FILES = featureBodies(fileURLToPath(new URL("../..", import.meta.url))).map(({ file }) => `${file}.js`);
