/** The environment variable naming an already packed tarball of the library. */
export declare const TARBALL_ENV: "REACT_MCP_ELICITATION_TARBALL";
/** Builds the library (unless `built`) and packs it into `folder`; returns the tarball's path. */
export declare function packLibrary(folder: string, options?: { built?: boolean }): string;
/** The tarball REACT_MCP_ELICITATION_TARBALL names, else one built and packed into a new temporary folder; `remove` deletes only what was made here. */
export declare function packedLibrary(): { tarball: string; remove(): void };
