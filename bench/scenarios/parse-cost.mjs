// What a module costs Node to import, by what its text is made of: the price list behind "fewer bytes
// shipped" (the kernel's parts, harness/parts.mjs, are priced by it). Prints, as JSON, instructions
// under callgrind for importing generated modules that differ in one thing each:
//   - a function made when the module runs (a top-level declaration), and one nested in a function
//     that never runs, which V8 only pre-parses;
//   - a KB of code (operators, names, calls) in functions that never run;
//   - a KB of string literal, and a KB of comment, in the same functions.
// argv[2] is a folder to write the modules and profiles in. About 20 s.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { instructions } from "../harness/callgrind.mjs";

const work = process.argv[2];
mkdirSync(work, { recursive: true });
const MARK = "process.constrainedMemory();";
const COUNT = 200;
const names = Array.from({ length: COUNT }, (_, index) => `f${index}`);
// Every module exports its functions, so that none is dropped as unused.
const exported = `export { ${names.join(", ")} };\n`;
const each = (make) => names.map((name, index) => make(name, index)).join("\n");
// About 100 B of code per function: the shapes a client's code is made of.
const CODE = (index) => `if(a.x&&b.y)return c.z(a,b);let d=a.q??b.r,e=[d,c];for(const k of e)if(k.w>${index})d+=k.v(c,${index});`;
const TEXT = `"${"an error message of plain words ".repeat(3)}"`;
const COMMENT = `/* ${"a comment of plain words here ".repeat(3)} */`;

const modules = {
	none: "export {};\n",
	declarations: `${each((name) => `function ${name}(a,b,c){return a}`)}\n${exported}`,
	nested: `function outer(){${each((name) => `function ${name}(a,b,c){return a}`)}}\nexport { outer };\n`,
	code: `${each((name, index) => `function ${name}(a,b,c){${CODE(index)}return a}`)}\n${exported}`,
	text: `${each((name) => `function ${name}(a,b,c){let m=${TEXT};return a}`)}\n${exported}`,
	comments: `${each((name) => `function ${name}(a,b,c){${COMMENT}return a}`)}\n${exported}`,
};

const counts = await Promise.all(
	Object.entries(modules).map(async ([name, text]) => {
		const file = join(work, `${name}.mjs`);
		writeFileSync(file, text);
		const program = `${MARK} await import(${JSON.stringify(pathToFileURL(file).href)}); ${MARK}`;
		const { marks } = await instructions(work, `parse-${name}`, ["--input-type=module", "-e", program], {}, 2);
		return [name, { bytes: Buffer.byteLength(text), instructions: marks[1] - marks[0] }];
	}),
);
const of = Object.fromEntries(counts);
const over = (name, base) => of[name].instructions - of[base].instructions;
const perKb = (name) => over(name, "declarations") / ((of[name].bytes - of.declarations.bytes) / 1024);
console.log(
	JSON.stringify({
		modules: of,
		// Instructions per function, and per KB of each kind of text beyond the functions that hold it.
		topLevelFunction: over("declarations", "none") / COUNT,
		nestedFunction: over("nested", "none") / COUNT,
		codeKb: perKb("code"),
		stringKb: perKb("text"),
		commentKb: perKb("comments"),
	}),
);
