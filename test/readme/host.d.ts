// What every README snippet may take as given: the host's one queue.
declare const queue: import("react-mcp-elicitation").ElicitationQueue;
