// The person the app's own login found (src/hooks.server.ts), for every route's `locals`.
declare global {
  namespace App {
    interface Locals {
      user?: { id: string };
    }
  }
}

export {};
