export {
  Tabs,
  TabsContent,
  type TabsContentProps,
  TabsList,
  type TabsListProps,
  type TabsListVariant,
  type TabsProps,
  TabsTrigger,
  type TabsTriggerProps,
  tabsListVariants,
  tabsTriggerVariants,
} from "./tabs";
