import type { ReactNode } from "react";
import "react-mcp-elicitation/styles.css";
import "./globals.css";

export const metadata = { title: "Chat with a deploy tool" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
