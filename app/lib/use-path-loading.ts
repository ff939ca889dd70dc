import { useNavigation } from "react-router";
import { splitLanguage } from "~/domain/languages";

/**
 * True while the browser loads the page at `path` (in any language) again: a new search, filter
 * or page of the list it shows, so the list can dim or show skeletons meanwhile.
 */
export function usePathLoading(path: string) {
  const navigation = useNavigation();
  return (
    navigation.state === "loading" && splitLanguage(navigation.location.pathname).path === path
  );
}
