import type { Testimonial } from "./schemas.ts";

export const testimonials: Testimonial[] = [
  {
    name: "Aishwarya Balaji",
    role: "Student",
    photo: {
      src: "/images/testimonials/aishwarya-balaji.svg",
      alt: "Illustrated portrait of Aishwarya Balaji",
      width: 300,
      height: 300,
    },
    text: "I had never written JavaScript before the Full Stack course. The short videos let me replay the parts I missed, and the quiz at the end of each module showed me exactly what to revise.",
  },
  {
    name: "Mohammed Irfan",
    role: "Student",
    photo: {
      src: "/images/testimonials/mohammed-irfan.svg",
      alt: "Illustrated portrait of Mohammed Irfan",
      width: 300,
      height: 300,
    },
    text: "The weekly live session with my mentor was the most useful part. She looked at my Express project, found why my routes were returning 404, and explained it so I will not make the same mistake again.",
  },
  {
    name: "Nivetha Selvam",
    role: "Student",
    photo: {
      src: "/images/testimonials/nivetha-selvam.svg",
      alt: "Illustrated portrait of Nivetha Selvam",
      width: 300,
      height: 300,
    },
    text: "I travel two hours to college every day, so I watched the Java lessons on my phone on the train. By the time placements began I had solved every practice problem in the DSA course.",
  },
  {
    name: "Vignesh Kumar",
    role: "Student",
    photo: {
      src: "/images/testimonials/vignesh-kumar.svg",
      alt: "Illustrated portrait of Vignesh Kumar",
      width: 300,
      height: 300,
    },
    text: "The e-library saved me from buying three reference books. I used the MySQL notes alongside the videos and finally understood joins well enough to build the database for our mini project.",
  },
];
