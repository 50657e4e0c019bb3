import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { fetchJsonWithRetry } from "~/ui/live-counts/fetch-with-retry";

interface DeletedChats {
  hidden: ReadonlySet<number>;
  remove: (conversationId: number) => void;
}

const Context = createContext<DeletedChats>({ hidden: new Set(), remove: () => {} });

/**
 * Deleting a chat removes it from the list at once, then tells the server
 * (DELETE /api/chat.php); on failure an alert shows and the list reloads.
 */
export function DeletedChatsProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const remove = useCallback(
    (conversationId: number) => {
      setHidden((current) => new Set(current).add(conversationId));
      if (pathname === `/chats/${conversationId}`) void navigate("/chats", { replace: true });
      void (async () => {
        try {
          const { status } = await fetchJsonWithRetry("/api/chat.php", {
            init: {
              method: "DELETE",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ conversation: conversationId }),
            },
          });
          if (status !== 200) throw new Error(`HTTP ${status}`);
        } catch {
          window.alert(t("chat:delete.failed"));
          setHidden((current) => {
            const next = new Set(current);
            next.delete(conversationId);
            return next;
          });
        }
        await revalidator.revalidate();
      })();
    },
    [navigate, pathname, revalidator, t],
  );
  const value = useMemo(() => ({ hidden, remove }), [hidden, remove]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useDeletedChats() {
  return useContext(Context);
}
