// The wording of a file input past its button (`fileInputs`). Part of the `messages` object like every
// other string; the English defaults load with the file input itself, so a host that never draws one
// does not download them.
import { withDefaultMessages } from "./withDefaultMessages";

export interface FileMessages {
  /** Beside the button: a file can also be dropped on the field. */
  fileDrop: string;
  /** Takes the chosen file away again. */
  fileRemove: string;
  /** Under the button when the server limits the types; `{types}` lists them (".pdf, image/*"). */
  fileTypes: string;
  /** Under the button: the largest file; `{size}` is worded with Intl ("6 MB"). */
  fileMaxSize: string;
  /** While a chosen file is read; `{name}`. */
  fileReading: string;
  /** The browser could not read the chosen file; `{name}`. */
  fileReadFailed: string;
}

export const defaultFileMessages: FileMessages = {
  fileDrop: "or drop it here",
  fileRemove: "Remove",
  fileTypes: "Accepted types: {types}",
  fileMaxSize: "Up to {size}",
  fileReading: "Reading {name}…",
  fileReadFailed: "{name} could not be read. Choose it again or choose another file.",
};

/** The host's file input wording where it gave one, the defaults elsewhere. */
export const withFileMessages = <M extends Partial<FileMessages>>(messages: M): M & FileMessages => withDefaultMessages(messages, defaultFileMessages);
