// The VAPID key pair that signs this app's pushes: from the environment (VAPID_PUBLIC_KEY,
// VAPID_PRIVATE_KEY: `npx web-push generate-vapid-keys`, once, kept with the secrets). Without them a
// development run makes a pair and prints it: devices subscribed under a pair are reached only while
// the server signs with that same pair, so set the printed pair to keep them across restarts.
import webPush from "web-push";

export function vapidKeys(): { publicKey: string; privateKey: string } {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = process.env;
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (process.env.NODE_ENV === "production") throw new Error("Set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys).");
  const made = webPush.generateVAPIDKeys();
  console.log(`No VAPID keys set: made a pair for this run. To keep subscribed devices across restarts, set\n  VAPID_PUBLIC_KEY=${made.publicKey}\n  VAPID_PRIVATE_KEY=${made.privateKey}`);
  return made;
}
