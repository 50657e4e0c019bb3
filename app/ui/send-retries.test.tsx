import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answerOrNoAnswer, retryDelay, SEND_RETRIES, useRetriedSend } from "./send-retries";

type Answer = { ok: boolean; error?: string };

/** The hook's send and state; `name` tells two on one page apart (both use the fetcher's key). */
function Sender({ name = "" }: { name?: string }) {
  const sender = useRetriedSend<Answer>("test-send");
  return (
    <div>
      <button type="button" onClick={() => sender.send({ body: "Hoi", sendKey: "k1" }, "/send")}>
        send{name}
      </button>
      <button type="button" onClick={sender.retry}>
        retry{name}
      </button>
      <output data-testid={`state${name}`}>
        {[
          sender.pending && "pending",
          sender.retrying && "retrying",
          sender.failed && "failed",
          sender.answer && `answer:${JSON.stringify(sender.answer)}`,
        ]
          .filter(Boolean)
          .join(" ")}
      </output>
    </div>
  );
}

/** A form's send through the hook, showing its state; `answers` says what each post gets. */
function renderSender(answers: (() => unknown)[], { twice = false } = {}) {
  const posts: { at: number; fields: Record<string, FormDataEntryValue> }[] = [];
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <Sender />
          {twice && <Sender name="2" />}
        </>
      ),
      // A failure the hook leaves alone reaches the page's error boundary.
      ErrorBoundary: () => <p>error page</p>,
    },
    {
      path: "/send",
      action: ({ request }) =>
        answerOrNoAnswer({
          request,
          serverAction: async () => {
            posts.push({ at: Date.now(), fields: Object.fromEntries(await request.formData()) });
            const answer = answers[Math.min(posts.length, answers.length) - 1]!;
            return answer();
          },
        }),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return {
    posts,
    state: () => screen.getByTestId("state").textContent,
    other: () => screen.getByTestId("state2").textContent,
  };
}

const noAnswer = () => {
  throw new TypeError("Failed to fetch");
};

/** Lets the router and React finish what is under way, without moving the clock. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Through every retry's wait, one at a time (each is set once the try before got no answer). */
async function waitForAllRetries() {
  for (let retry = 1; retry <= SEND_RETRIES; retry++) await wait(retryDelay(retry));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("retryDelay", () => {
  it("starts at 0.3 s and doubles: 9.3 s for all five retries", () => {
    const delays = Array.from({ length: SEND_RETRIES }, (_, i) => retryDelay(i + 1));
    expect(delays).toEqual([300, 600, 1200, 2400, 4800]);
    expect(delays.reduce((sum, ms) => sum + ms, 0)).toBe(9300);
  });
});

describe("useRetriedSend", () => {
  it("sends again after no answer, each wait twice the last, and stops after five retries", async () => {
    const { posts, state } = renderSender([noAnswer]);
    const started = Date.now();
    fireEvent.click(screen.getByText("send"));
    await settle();
    expect(posts).toHaveLength(1);
    expect(state()).toBe("pending retrying");
    for (const delay of [300, 600, 1200, 2400, 4800]) {
      const before = posts.length;
      await wait(delay - 1);
      expect(posts).toHaveLength(before);
      await wait(1);
      expect(posts).toHaveLength(before + 1);
    }
    expect(posts.map((post) => post.at - started)).toEqual([0, 300, 900, 2100, 4500, 9300]);
    expect(state()).toBe("failed");
    await waitForAllRetries();
    expect(posts).toHaveLength(1 + SEND_RETRIES);
    // Every try the same fields: the same send key.
    expect(new Set(posts.map((post) => post.fields.sendKey))).toEqual(new Set(["k1"]));
    expect(posts.every((post) => post.fields.body === "Hoi")).toBe(true);
  });

  it("stops at the first answer, a refusal included, and gives it", async () => {
    const refusal = () => data({ ok: false, error: "rateLimited" }, { status: 429 });
    const { posts, state } = renderSender([noAnswer, noAnswer, refusal]);
    fireEvent.click(screen.getByText("send"));
    await settle();
    await wait(300);
    await wait(600);
    expect(posts).toHaveLength(3);
    expect(state()).toBe('answer:{"ok":false,"error":"rateLimited"}');
    await wait(60_000);
    expect(posts).toHaveLength(3);
  });

  it("sends once when the first try is answered", async () => {
    const { posts, state } = renderSender([() => ({ ok: true })]);
    fireEvent.click(screen.getByText("send"));
    await settle();
    expect(state()).toBe('answer:{"ok":true}');
    await wait(60_000);
    expect(posts).toHaveLength(1);
  });

  it("does not retry an error answer (a server error): it goes to the error page as before", async () => {
    const { posts } = renderSender([
      () => {
        throw data(null, { status: 500 });
      },
    ]);
    fireEvent.click(screen.getByText("send"));
    await settle();
    expect(screen.getByText("error page")).toBeInTheDocument();
    await wait(60_000);
    expect(posts).toHaveLength(1);
  });

  it("leaves a no-answer to the component that sent: another one on the key neither retries nor shows it", async () => {
    const { posts, state, other } = renderSender([noAnswer], { twice: true });
    fireEvent.click(screen.getByText("send"));
    await settle();
    expect(state()).toBe("pending retrying");
    expect(other()).toBe("");
    await waitForAllRetries();
    expect(posts).toHaveLength(1 + SEND_RETRIES);
    expect(state()).toBe("failed");
    expect(other()).toBe("");
  });

  it("after the last retry, the retry button sends the same fields again, retrying anew", async () => {
    let connected = false;
    const { posts, state } = renderSender([() => (connected ? { ok: true } : noAnswer())]);
    fireEvent.click(screen.getByText("send"));
    await settle();
    await waitForAllRetries();
    expect(state()).toBe("failed");
    fireEvent.click(screen.getByText("retry"));
    await settle();
    expect(posts).toHaveLength(7);
    expect(state()).toBe("pending retrying");
    connected = true;
    await wait(300);
    expect(posts).toHaveLength(8);
    expect(state()).toBe('answer:{"ok":true}');
    expect(new Set(posts.map((post) => post.fields.sendKey))).toEqual(new Set(["k1"]));
  });
});

describe("answerOrNoAnswer", () => {
  const post = (fields: Record<string, string>) =>
    new Request("http://local/send", { method: "POST", body: new URLSearchParams(fields) });

  it("gives the server's answer, and NoAnswer (status 503, no reload) for a retried send without one", async () => {
    expect(await answerOrNoAnswer({ request: post({ retried: "1" }), serverAction: async () => "ok" })).toBe(
      "ok",
    );
    const none = await answerOrNoAnswer({
      request: post({ retried: "1" }),
      serverAction: async () => noAnswer(),
    });
    expect(none).toMatchObject({ data: { noAnswer: true }, init: { status: 503 } });
  });

  it("leaves other submissions' failures and every other error as they were", async () => {
    await expect(
      answerOrNoAnswer({ request: post({}), serverAction: async () => noAnswer() }),
    ).rejects.toThrow(TypeError);
    const aborted = new DOMException("The operation was aborted.", "AbortError");
    await expect(
      answerOrNoAnswer({
        request: post({ retried: "1" }),
        serverAction: async () => {
          throw aborted;
        },
      }),
    ).rejects.toBe(aborted);
  });
});
