// The wording of remembered decisions: the card's choices, and the line a thread draws for a question
// answered from one. Part of the `messages` object like every other string and translated in every
// catalogue; optional, with English defaults that load with the parts drawing them.

/** What a card offers to remember of a Submit, and the line of a question answered from a remembered decision. */
export interface RememberMessages {
  /** Checkbox beside Submit: answer this form in this chat the same way from now on. */
  rememberForChat: string;
  /** Checkbox beside Submit: answer this form from this server the same way from now on, in every chat. */
  rememberForServer: string;
  /** The line in the thread; `{server}` the host's name for the server, `{date}` when the person remembered it. */
  rememberedAnswer: string;
  /** The line's button that revokes the decision. */
  rememberedForget: string;
  /** The line once Forget went through; `{server}`. */
  rememberedForgotten: string;
}

export const defaultRememberMessages: RememberMessages = {
  rememberForChat: "Remember for this chat",
  rememberForServer: "Always for this server",
  rememberedAnswer: "{server}: answered automatically — remembered {date}",
  rememberedForget: "Forget",
  rememberedForgotten: "Forgotten. {server} will ask you next time.",
};
