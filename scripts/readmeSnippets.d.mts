export interface ReadmeSnippet {
  /** 1-based line of the snippet's first code line. */
  line: number;
  /** "ts" or "tsx" for TypeScript; another language as its fence names it. */
  lang: string;
  code: string;
  /** What a `<!-- readme-check … -->` comment right before the block gives it. */
  prelude: string;
  preludeLine: number | undefined;
  /** The heading the block sits under. */
  heading: string;
}
export function extractSnippets(markdown: string, langs?: ReadonlySet<string>): ReadmeSnippet[];
export function importedPackages(code: string): string[];
export function packagesToInstall(markdown: string): string[];
