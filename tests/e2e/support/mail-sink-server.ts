// The browser tests' mailbox: a real SMTP server (MAIL_SINK_SMTP_PORT) that the app sends to, and a small HTTP API
// (MAIL_SINK_HTTP_PORT) that tests read: GET /messages?to=address.
import { createServer } from "node:http";
import { startSmtpSinkOn } from "../../support/smtp-sink";

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT);

const sink = await startSmtpSinkOn(smtpPort);
createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/healthz") {
    response.end("ok");
    return;
  }
  const to = url.searchParams.get("to");
  const messages = sink.received.filter((mail) => !to || mail.to.includes(to));
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(messages));
}).listen(httpPort, "127.0.0.1");
