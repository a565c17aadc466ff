// A Vitest globalSetup: the library built and packed once for the whole run (or the tarball
// REACT_MCP_ELICITATION_TARBALL already names), handed to every test file — and to what they start,
// such as an example's `npm run setup` — through that variable.
import { packedLibrary, TARBALL_ENV } from "./packLibrary.mjs";

export default function setup() {
  const { tarball, remove } = packedLibrary();
  process.env[TARBALL_ENV] = tarball;
  return remove;
}
