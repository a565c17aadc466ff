/** Tests a server's `pattern` off the page's main thread; undefined when only the server can tell. */
export interface PatternTester {
  test(pattern: string, input: string): Promise<boolean | undefined>;
  /** Gets ready ahead of the first test (a form with a pattern appeared). */
  start(): void;
}
