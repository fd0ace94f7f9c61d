export {
  Tabs,
  TabsContent,
  TabsList,
  type TabsListProps,
  type TabsListVariant,
  TabsTrigger,
  tabsListVariants,
  tabsTriggerVariants,
} from "./tabs";
