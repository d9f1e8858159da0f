import { connect, type Socket } from "node:net";
import { httpRequest, siteOrigin } from "./production-server";

/**
 * On a server started with PASSWORD_HASHING_CONCURRENCY=1 and PASSWORD_HASHING_QUEUE=0: a sign-in post whose body
 * never ends holds the only password slot until the returned socket is destroyed. Tried again until a second post is
 * refused (the probe may take the slot first).
 */
export async function holdPasswordSlot(baseUrl: string): Promise<Socket> {
  const { port } = new URL(baseUrl);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      [
        "POST /connexion HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Origin: ${siteOrigin(baseUrl)}`,
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 1000",
        "",
        "email=lent%40example.fr&password=",
      ].join("\r\n"),
    );
    // The server takes the slot once the headers are read: a post after that is refused.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const probe = await httpRequest(baseUrl, "/connexion", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=sonde%40example.fr&password=sonde-sonde-sonde",
    });
    if (probe.status === 503) return socket;
    socket.destroy();
  }
  throw new Error("le créneau de hachage n'a pas été occupé");
}
