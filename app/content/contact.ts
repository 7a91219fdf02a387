import type { ContactDetails } from "./schemas.ts";

export const contactDetails: ContactDetails = {
  collegeName: "Marina Vale College of Arts and Science",
  department: "Department of Information Technology",
  addressLines: ["12 College Road, Kasturba Nagar", "Adyar", "Chennai, Tamil Nadu 600020"],
  phone: "+91 44 2000 0000",
  email: "office@college.example",
  officeHours: "Monday to Saturday, 9:30 am to 4:30 pm (closed on public holidays)",
  map: {
    image: {
      src: "/images/contact/map.svg",
      alt: "Stylised street map of south Chennai with the Bay of Bengal to the east and a marker labelled College",
      width: 800,
      height: 450,
    },
    link: "https://www.openstreetmap.org/#map=12/13.0827/80.2707",
    label: "Open the map of Chennai on OpenStreetMap",
  },
  // The college's profiles: add each one's https address once it has it. Until then nothing is
  // linked, and the contact page does not mention social media.
  social: [{ name: "Facebook" }, { name: "Instagram" }, { name: "LinkedIn" }, { name: "YouTube" }],
};
