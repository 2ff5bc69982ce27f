import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { AdminPage } from "../components/admin-page";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { ImportPanel } from "./components/import-panel";
import { ManagePanel } from "./components/manage-panel";
import { PendingPanel } from "./components/pending-panel";
import { serviceRemindersPageText as text } from "./text";

const TABS = ["import", "pending", "manage"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab => ((TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "import");

/** /admin/service-reminders (rules §2 Service reminders; issue 12): import, pending products, management. */
export default function ServiceRemindersPage() {
  useDocumentTitle(text.title);
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  const show = (next: string) => setParams(next === "import" ? {} : { tab: next }, { replace: true });
  return (
    <AdminPage back={{ to: "/admin?tab=customers", label: text.back }} title={text.title} intro={text.intro} width="max-w-6xl">
      <Tabs value={tab} onValueChange={show}>
        <TabsList>
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {text.tabs[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="import" className="pt-4">
          <ImportPanel />
        </TabsContent>
        <TabsContent value="pending" className="pt-4">
          <PendingPanel />
        </TabsContent>
        <TabsContent value="manage" className="pt-4">
          <ManagePanel />
        </TabsContent>
      </Tabs>
    </AdminPage>
  );
}
