import { Form } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";

/**
 * A staff member's agreement that the public /verify page confirms their name, so a person who
 * was contacted by them can check they really work here. Given and withdrawn here only.
 */
export function VerifyListingCard({ listed }: { listed: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <Card aria-labelledby="verify-listing-title" data-testid="verify-listing">
      <CardHeader>
        <CardTitle id="verify-listing-title">{t("profile.verifyListing.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <p>{t("profile.verifyListing.body")}</p>
        <p className="font-medium text-slate-900">
          {listed ? t("profile.verifyListing.listed") : t("profile.verifyListing.notListed")}
        </p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="verify-listing" />
          <input type="hidden" name="listed" value={listed ? "no" : "yes"} />
          <Button type="submit" variant="outline" size="sm">
            {listed ? t("profile.verifyListing.stop") : t("profile.verifyListing.start")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
