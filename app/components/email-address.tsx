import { Fragment } from "react";

/**
 * An email address that may wrap before its @ and its dots, so a narrow column breaks it where a
 * reader expects ("kavya.subramanian / @example.com"), never inside a word.
 */
export function EmailAddress({ address }: { address: string }) {
  return address.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
