// Installs react-mcp-elicitation into the example it runs in (its `npm run setup`, from the example's
// folder) the way a host gets it: built and packed from the repository around it, then
// `npm install --no-save <tarball>` (a host lists it in its dependencies and installs it from the registry).
// REACT_MCP_ELICITATION_TARBALL names a tarball already packed (`npm run test:example` packs one for both examples).
import { execFileSync } from "node:child_process";
import { basename } from "node:path";
import { packedLibrary } from "../scripts/packLibrary.mjs";

const { tarball, remove } = packedLibrary();
try {
  execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", tarball], { stdio: ["ignore", "pipe", "inherit"] });
  console.log(`installed ${basename(tarball)}`);
} finally {
  remove();
}
