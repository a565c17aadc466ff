// A server's pattern means what `new RegExp(pattern, "u")` makes of it. RE2 (re2js) matches in linear
// time but reads some constructs differently: `\s` and `.` cover other characters, `$` may match
// before a final newline, `\p{…}` follows another Unicode version, and backreferences and lookaround
// do not exist. This translation therefore spells every construct out as explicit code points
// (`\x{…}`, classes as ranges, `\A`/`\z` for the anchors) and refuses whatever it cannot carry over
// with the same meaning: such a pattern is never checked by RE2.

type Ranges = Array<[number, number]>;

const MAX_CODE_POINT = 0x10ffff;
/** RE2 refuses counted repetition above this. */
const MAX_REPEAT = 1000;

const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// ECMAScript's WhiteSpace and LineTerminator (RE2's own \s is only [\t\n\f\r ]).
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
const SYNTAX_CHARACTERS = "^$\\.*+?()[]{}|/";
const CONTROL_ESCAPES: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

class Refused extends Error {}

function normalize(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Ranges = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

function complement(ranges: Ranges): Ranges {
  const result: Ranges = [];
  let next = 0;
  for (const [from, to] of normalize(ranges)) {
    if (from > next) result.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

const hex = (codePoint: number) => `\\x{${codePoint.toString(16).toUpperCase()}}`;

function classOf(ranges: Ranges): string {
  const merged = normalize(ranges);
  // An empty class ([] in ECMAScript) matches nothing.
  if (merged.length === 0) return `[^\\x{0}-\\x{10FFFF}]`;
  return `[${merged.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join("")}]`;
}

const isSurrogate = (codePoint: number) => codePoint >= 0xd800 && codePoint <= 0xdfff;

/** A recursive-descent reader of the `u`-mode pattern grammar, writing RE2 syntax as it goes. */
class Translator {
  private at = 0;
  constructor(private readonly source: string) {}

  translate(): string {
    const result = this.disjunction();
    if (this.at < this.source.length) throw new Refused();
    return result;
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.at + offset];
  }

  private eat(text: string): boolean {
    if (!this.source.startsWith(text, this.at)) return false;
    this.at += text.length;
    return true;
  }

  private disjunction(): string {
    const alternatives = [this.alternative()];
    while (this.eat("|")) alternatives.push(this.alternative());
    return alternatives.join("|");
  }

  private alternative(): string {
    let result = "";
    while (this.at < this.source.length && this.peek() !== "|" && this.peek() !== ")") result += this.term();
    return result;
  }

  private term(): string {
    // Assertions: the whole input's start and end (no `m` flag), ASCII word boundaries as in RE2.
    if (this.eat("^")) return this.unquantified("\\A");
    if (this.eat("$")) return this.unquantified("\\z");
    if (this.eat("\\b")) return this.unquantified("\\b");
    if (this.eat("\\B")) return this.unquantified("\\B");
    return this.quantified(this.atom());
  }

  private unquantified(assertion: string): string {
    if (/^[*+?{]/.test(this.source.slice(this.at))) throw new Refused();
    return assertion;
  }

  private atom(): string {
    const char = this.peek();
    if (char === "(") return this.group();
    if (char === "[") return this.characterClass();
    if (char === ".") {
      this.at++;
      return classOf(complement(LINE_TERMINATORS));
    }
    if (char === "\\") {
      const set = this.escape(false);
      return typeof set === "number" ? hex(set) : classOf(set);
    }
    if (char === undefined || "*+?{}])|".includes(char)) throw new Refused();
    return hex(this.literal());
  }

  private literal(): number {
    const codePoint = this.source.codePointAt(this.at)!;
    if (isSurrogate(codePoint)) throw new Refused();
    this.at += codePoint > 0xffff ? 2 : 1;
    return codePoint;
  }

  private group(): string {
    this.at++;
    // Captures mean nothing to a yes/no match without backreferences; lookaround and modifiers are refused.
    if (this.eat("?:")) {
      // non-capturing
    } else if (this.peek() === "?") {
      const name = /^\?<([$_\p{ID_Start}][$\p{ID_Continue}\u200c\u200d]*)>/u.exec(this.source.slice(this.at));
      if (name === null) throw new Refused();
      this.at += name[0].length;
    }
    const inner = this.disjunction();
    if (!this.eat(")")) throw new Refused();
    return `(?:${inner})`;
  }

  private quantified(atom: string): string {
    let quantifier = "";
    if (this.eat("*")) quantifier = "*";
    else if (this.eat("+")) quantifier = "+";
    else if (this.eat("?")) quantifier = "?";
    else {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (counted !== null) {
        this.at += counted[0].length;
        const min = Number(counted[1]);
        const max = counted[3] === undefined || counted[3] === "" ? undefined : Number(counted[3]);
        if (min > MAX_REPEAT || (max !== undefined && (max > MAX_REPEAT || max < min))) throw new Refused();
        quantifier = counted[2] === undefined ? `{${min}}` : `{${min},${max ?? ""}}`;
      }
    }
    if (quantifier === "") return atom;
    // Laziness changes which match is found, never whether there is one.
    this.eat("?");
    return `(?:${atom})${quantifier}`;
  }

  /** Reads `\…`: one code point, or a set of them (`\d`, `\S`, …). */
  private escape(inClass: boolean): number | Ranges {
    this.at++;
    const char = this.peek();
    if (char === undefined) throw new Refused();
    this.at++;
    switch (char) {
      case "d":
        return DIGIT;
      case "D":
        return complement(DIGIT);
      case "w":
        return WORD;
      case "W":
        return complement(WORD);
      case "s":
        return SPACE;
      case "S":
        return complement(SPACE);
      case "b":
        if (inClass) return 0x08;
        throw new Refused();
      case "-":
        if (inClass) return 0x2d;
        throw new Refused();
      case "0":
        if (/\d/.test(this.peek() ?? "")) throw new Refused();
        return 0;
      case "c": {
        const letter = this.peek();
        if (letter === undefined || !/[A-Za-z]/.test(letter)) throw new Refused();
        this.at++;
        return letter.charCodeAt(0) % 32;
      }
      case "x": {
        const digits = /^[0-9A-Fa-f]{2}/.exec(this.source.slice(this.at));
        if (digits === null) throw new Refused();
        this.at += 2;
        return parseInt(digits[0], 16);
      }
      case "u":
        return this.unicodeEscape();
      default:
        if (CONTROL_ESCAPES[char] !== undefined) return CONTROL_ESCAPES[char]!;
        if (SYNTAX_CHARACTERS.includes(char)) return char.charCodeAt(0);
        // Backreferences (\1, \k<n>), Unicode properties (\p{…}: another Unicode version), anything else.
        throw new Refused();
    }
  }

  private unicodeEscape(): number {
    const braced = /^\{([0-9A-Fa-f]+)\}/.exec(this.source.slice(this.at));
    if (braced !== null) {
      this.at += braced[0].length;
      const codePoint = parseInt(braced[1]!, 16);
      if (codePoint > MAX_CODE_POINT || isSurrogate(codePoint)) throw new Refused();
      return codePoint;
    }
    const lead = this.fourHex();
    if (lead >= 0xd800 && lead <= 0xdbff && this.source.startsWith("\\u", this.at)) {
      const save = this.at;
      this.at += 2;
      const trail = /^[0-9A-Fa-f]{4}/.test(this.source.slice(this.at)) ? this.fourHex() : -1;
      if (trail >= 0xdc00 && trail <= 0xdfff) return 0x10000 + ((lead - 0xd800) << 10) + (trail - 0xdc00);
      this.at = save;
    }
    if (isSurrogate(lead)) throw new Refused();
    return lead;
  }

  private fourHex(): number {
    const digits = /^[0-9A-Fa-f]{4}/.exec(this.source.slice(this.at));
    if (digits === null) throw new Refused();
    this.at += 4;
    return parseInt(digits[0], 16);
  }

  private characterClass(): string {
    this.at++;
    const negated = this.eat("^");
    const ranges: Ranges = [];
    while (this.peek() !== "]") {
      if (this.peek() === undefined) throw new Refused();
      const from = this.classAtom();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined) {
        this.at++;
        const to = this.classAtom();
        if (typeof from !== "number" || typeof to !== "number" || from > to) throw new Refused();
        ranges.push([from, to]);
      } else if (typeof from === "number") ranges.push([from, from]);
      else ranges.push(...from);
    }
    this.at++;
    return classOf(negated ? complement(ranges) : ranges);
  }

  private classAtom(): number | Ranges {
    if (this.peek() === "\\") return this.escape(true);
    return this.literal();
  }
}

/**
 * `pattern` (ECMAScript, `u` flag) as an RE2 expression with the same yes/no answer on every input,
 * or undefined when some construct in it has no exact RE2 equivalent.
 */
export function toRe2Syntax(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
  try {
    return new Translator(pattern).translate();
  } catch (error) {
    if (error instanceof Refused) return undefined;
    throw error;
  }
}
