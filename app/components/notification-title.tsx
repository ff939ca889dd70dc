import { Link } from "react-router";

/**
 * A notification's title, in the applicant's list and the staff dashboard's: a link to what it is
 * about when it has one, plain text otherwise.
 */
export function NotificationTitle({
  notification: n,
  linkClassName,
}: {
  notification: { title: string; link: string | null };
  linkClassName: string;
}) {
  return n.link ? (
    <Link to={n.link} className={linkClassName}>
      {n.title}
    </Link>
  ) : (
    n.title
  );
}
