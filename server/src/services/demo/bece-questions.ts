/**
 * BECE-style multiple-choice questions for the demo school, by subject. Each has four options
 * (A–D) and `answer`, the index of the correct option. Quizzes take slices of these banks.
 */
export type DemoQuestion = { q: string; options: [string, string, string, string]; answer: 0 | 1 | 2 | 3 };

export const SUBJECTS = [
  "Mathematics",
  "English Language",
  "Integrated Science",
  "Social Studies",
  "Religious and Moral Education",
  "Computing",
  "French",
  "Career Technology",
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const SUBJECT_DESCRIPTIONS: Record<Subject, string> = {
  Mathematics: "Number, algebra, geometry, measurement and handling data, following the JHS curriculum and BECE past questions.",
  "English Language": "Grammar, vocabulary, comprehension, composition and literature for JHS learners.",
  "Integrated Science": "Diversity of matter, cycles, systems, forces and energy, and humans and the environment.",
  "Social Studies": "Ghana's environment, governance, history, citizenship and development.",
  "Religious and Moral Education": "Christianity, Islam and Traditional African Religion; moral values and Ghanaian customs.",
  Computing: "Computer hardware and software, the internet, word processing, spreadsheets and digital safety.",
  French: "Everyday French: greetings, family, numbers, days of the week and simple grammar.",
  "Career Technology": "Technical drawing, woodwork, metalwork, home economics and workshop safety.",
};

export const BANK: Record<Subject, DemoQuestion[]> = {
  Mathematics: [
    { q: "Simplify 2/3 + 1/4.", options: ["11/12", "3/7", "3/12", "5/6"], answer: 0 },
    { q: "Express 0.375 as a fraction in its lowest terms.", options: ["375/100", "3/8", "3/5", "7/8"], answer: 1 },
    { q: "Find the value of x if 3x − 5 = 16.", options: ["11/3", "5", "7", "21"], answer: 2 },
    { q: "What is the LCM of 6, 8 and 12?", options: ["12", "48", "96", "24"], answer: 3 },
    { q: "The angles of a triangle are x°, 2x° and 3x°. Find the value of x.", options: ["30", "36", "45", "60"], answer: 0 },
    { q: "Convert 1101 (base two) to a number in base ten.", options: ["11", "13", "14", "9"], answer: 1 },
    { q: "A trader bought a radio for GH₵ 200 and sold it for GH₵ 250. Find the profit percent.", options: ["20%", "30%", "25%", "50%"], answer: 2 },
    { q: "Find the area of a rectangle 12 cm long and 7 cm wide.", options: ["38 cm²", "19 cm²", "42 cm²", "84 cm²"], answer: 3 },
    { q: "Evaluate 2³ × 3².", options: ["72", "36", "54", "108"], answer: 0 },
    { q: "Round 0.04867 to two significant figures.", options: ["0.048", "0.049", "0.05", "0.0487"], answer: 1 },
    { q: "If P = {2, 4, 6, 8} and Q = {4, 8, 12}, find P ∩ Q.", options: ["{2, 6}", "{2, 4, 6, 8, 12}", "{4, 8}", "{12}"], answer: 2 },
    { q: "The mean of 4, 7, 9, x and 10 is 8. Find x.", options: ["8", "9", "12", "10"], answer: 3 },
    { q: "Find the circumference of a circle of radius 7 cm. (Take π = 22/7)", options: ["44 cm", "22 cm", "154 cm", "88 cm"], answer: 0 },
    { q: "Simplify 5a − 2b − 3a + 6b.", options: ["8a + 4b", "2a + 4b", "2a − 8b", "2a − 4b"], answer: 1 },
    { q: "GH₵ 120 is shared between Ama and Esi in the ratio 3 : 5. How much does Esi get?", options: ["GH₵ 45", "GH₵ 72", "GH₵ 75", "GH₵ 60"], answer: 2 },
    { q: "Solve the inequality 2x + 3 < 11.", options: ["x > 4", "x < 7", "x > 7", "x < 4"], answer: 3 },
    { q: "Find the gradient of the line joining the points (1, 2) and (3, 8).", options: ["3", "2", "1/3", "6"], answer: 0 },
    { q: "Find the simple interest on GH₵ 500 at 10% per annum for 2 years.", options: ["GH₵ 50", "GH₵ 100", "GH₵ 110", "GH₵ 1,000"], answer: 1 },
    { q: "How many edges does a cube have?", options: ["6", "8", "12", "24"], answer: 2 },
    { q: "The bearing of Q from P is 070°. What is the bearing of P from Q?", options: ["110°", "290°", "160°", "250°"], answer: 3 },
    { q: "Write 45 000 in standard form.", options: ["4.5 × 10⁴", "45 × 10³", "4.5 × 10³", "0.45 × 10⁵"], answer: 0 },
    { q: "A car travels 180 km in 3 hours. What is its average speed?", options: ["540 km/h", "60 km/h", "90 km/h", "45 km/h"], answer: 1 },
  ],
  "English Language": [
    {
      q: "Choose the word nearest in meaning to the word in capitals: The teacher was FURIOUS about the noise.",
      options: ["very angry", "happy", "worried", "tired"],
      answer: 0,
    },
    {
      q: "Choose the word opposite in meaning to the word in capitals: The road to the village is NARROW.",
      options: ["long", "wide", "short", "rough"],
      answer: 1,
    },
    { q: "Neither Kofi nor his friends ____ at the meeting yesterday.", options: ["was", "is", "were", "has been"], answer: 2 },
    { q: "Ama is the ____ of the three sisters.", options: ["taller", "most tall", "tall", "tallest"], answer: 3 },
    { q: "She has been living in Tamale ____ 2015.", options: ["since", "for", "from", "by"], answer: 0 },
    { q: "Choose the correctly spelt word.", options: ["acommodation", "accommodation", "accomodation", "acomodation"], answer: 1 },
    { q: "If I ____ you, I would apologise to her.", options: ["am", "was", "were", "be"], answer: 2 },
    { q: "In the sentence 'He ran quickly to school', the word 'quickly' is a(n) ____.", options: ["adjective", "verb", "noun", "adverb"], answer: 3 },
    { q: "You are coming to the durbar, ____?", options: ["aren't you", "isn't it", "don't you", "won't you"], answer: 0 },
    { q: "The students were asked to hand ____ their exercise books.", options: ["out", "in", "up", "off"], answer: 1 },
    {
      q: "To 'let the cat out of the bag' means to ____.",
      options: ["free an animal", "cause trouble", "reveal a secret", "buy something useless"],
      answer: 2,
    },
    { q: "Each of the boys ____ a bicycle.", options: ["have", "are having", "were having", "has"], answer: 3 },
    { q: "The past participle of 'swim' is ____.", options: ["swum", "swam", "swimmed", "swimming"], answer: 0 },
    { q: "A person who writes poems is called a ____.", options: ["novelist", "poet", "dramatist", "narrator"], answer: 1 },
    {
      q: "Choose the word nearest in meaning to the word in capitals: The chief gave a BRIEF speech.",
      options: ["long", "loud", "short", "boring"],
      answer: 2,
    },
    { q: "I look forward to ____ from you.", options: ["hear", "heard", "be hearing", "hearing"], answer: 3 },
    { q: "'The wind whispered through the trees' is an example of ____.", options: ["personification", "simile", "hyperbole", "alliteration"], answer: 0 },
    { q: "The plural of 'child' is ____.", options: ["childs", "children", "childrens", "childes"], answer: 1 },
    { q: "The thief was caught ____ handed.", options: ["black", "white", "red", "green"], answer: 2 },
    {
      q: "Choose the correctly punctuated sentence.",
      options: [
        "Where are you going? asked Kwame.",
        '"Where are you going," asked Kwame?',
        '"Where are you going" asked Kwame?',
        '"Where are you going?" asked Kwame.',
      ],
      answer: 3,
    },
  ],
  "Integrated Science": [
    { q: "Which part of a plant cell carries out photosynthesis?", options: ["chloroplast", "nucleus", "cell wall", "vacuole"], answer: 0 },
    { q: "The SI unit of force is the ____.", options: ["joule", "newton", "watt", "pascal"], answer: 1 },
    { q: "Which of the following is a non-metal?", options: ["copper", "iron", "sulphur", "aluminium"], answer: 2 },
    {
      q: "The change of water from liquid to gas below its boiling point is called ____.",
      options: ["condensation", "melting", "sublimation", "evaporation"],
      answer: 3,
    },
    { q: "Which blood vessel carries blood away from the heart?", options: ["artery", "vein", "capillary", "venule"], answer: 0 },
    { q: "The pH of a neutral solution is ____.", options: ["0", "7", "14", "1"], answer: 1 },
    { q: "Which gas do green plants take in during photosynthesis?", options: ["oxygen", "nitrogen", "carbon dioxide", "hydrogen"], answer: 2 },
    { q: "Malaria is transmitted by the female ____ mosquito.", options: ["Aedes", "Culex", "tsetse", "Anopheles"], answer: 3 },
    { q: "Which simple machine is used to raise a bucket of water from a well?", options: ["pulley", "wedge", "screw", "inclined plane"], answer: 0 },
    { q: "Which of the following is a renewable source of energy?", options: ["coal", "solar energy", "crude oil", "natural gas"], answer: 1 },
    { q: "The chemical symbol for sodium is ____.", options: ["S", "So", "Na", "Sd"], answer: 2 },
    { q: "Which organ of the human body filters blood to form urine?", options: ["liver", "lungs", "heart", "kidney"], answer: 3 },
    { q: "Iron rusts when it is exposed to ____.", options: ["oxygen and water", "nitrogen and water", "carbon dioxide only", "hydrogen only"], answer: 0 },
    { q: "Which of the following is a vector quantity?", options: ["mass", "velocity", "time", "temperature"], answer: 1 },
    { q: "Which type of soil has the largest particles?", options: ["clay soil", "loamy soil", "sandy soil", "silt"], answer: 2 },
    { q: "Lack of vitamin C in the diet causes ____.", options: ["rickets", "night blindness", "kwashiorkor", "scurvy"], answer: 3 },
    { q: "A 6 V battery is connected across a 3 Ω resistor. What current flows?", options: ["2 A", "18 A", "0.5 A", "9 A"], answer: 0 },
    { q: "After fertilisation, which part of a flower develops into the fruit?", options: ["anther", "ovary", "petal", "sepal"], answer: 1 },
    { q: "The outermost layer of the earth on which we live is the ____.", options: ["mantle", "outer core", "crust", "inner core"], answer: 2 },
    {
      q: "The loss of water vapour from the leaves of a plant is called ____.",
      options: ["respiration", "osmosis", "germination", "transpiration"],
      answer: 3,
    },
  ],
  "Social Studies": [
    { q: "Ghana attained independence on ____.", options: ["6th March, 1957", "1st July, 1960", "6th March, 1960", "1st July, 1957"], answer: 0 },
    {
      q: "The first President of the Republic of Ghana was ____.",
      options: ["Dr K. A. Busia", "Dr Kwame Nkrumah", "Dr Hilla Limann", "Gen. I. K. Acheampong"],
      answer: 1,
    },
    { q: "Which arm of government makes laws?", options: ["the executive", "the judiciary", "the legislature", "the police service"], answer: 2 },
    { q: "The largest man-made lake in Ghana is ____.", options: ["Lake Bosomtwe", "Lake Chad", "Lake Victoria", "Lake Volta"], answer: 3 },
    { q: "The capital of the Northern Region of Ghana is ____.", options: ["Tamale", "Bolgatanga", "Wa", "Damongo"], answer: 0 },
    { q: "Which cash crop is grown mainly in the forest zone of Ghana?", options: ["millet", "cocoa", "sorghum", "groundnut"], answer: 1 },
    { q: "The Economic Community of West African States (ECOWAS) was formed in ____.", options: ["1957", "1963", "1975", "1981"], answer: 2 },
    { q: "Paying taxes to the state is an example of ____.", options: ["a human right", "socialisation", "culture", "civic responsibility"], answer: 3 },
    {
      q: "The imaginary line that divides the earth into the northern and southern hemispheres is the ____.",
      options: ["Equator", "Greenwich Meridian", "Tropic of Cancer", "Tropic of Capricorn"],
      answer: 0,
    },
    {
      q: "The process by which a child learns the values of society is called ____.",
      options: ["urbanisation", "socialisation", "migration", "adolescence"],
      answer: 1,
    },
    {
      q: "Which of these is a major cause of land degradation in Ghana?",
      options: ["afforestation", "crop rotation", "illegal mining (galamsey)", "contour ploughing"],
      answer: 2,
    },
    { q: "The highest court of Ghana is the ____.", options: ["High Court", "Court of Appeal", "Circuit Court", "Supreme Court"], answer: 3 },
    {
      q: "Which body conducts public elections in Ghana?",
      options: ["the Electoral Commission", "the National Commission for Civic Education", "the Judicial Service", "Parliament"],
      answer: 0,
    },
    {
      q: "The head of a traditional area in Ghana is the ____.",
      options: ["district chief executive", "paramount chief", "member of parliament", "regional minister"],
      answer: 1,
    },
    { q: "The Greenwich Meridian passes through which Ghanaian town?", options: ["Takoradi", "Kumasi", "Tema", "Cape Coast"], answer: 2 },
  ],
  "Religious and Moral Education": [
    { q: "The holy book of Islam is the ____.", options: ["Qur'an", "Bible", "Torah", "Vedas"], answer: 0 },
    {
      q: "Which of these is one of the Ten Commandments?",
      options: ["Give alms every day", "Honour your father and your mother", "Pray five times a day", "Fast during Ramadan"],
      answer: 1,
    },
    { q: "The pilgrimage Muslims make to Mecca is called ____.", options: ["Zakat", "Salat", "Hajj", "Sawm"], answer: 2 },
    { q: "Among the Akan, the Supreme Being is called ____.", options: ["Mawu", "Ngewo", "Allah", "Onyame"], answer: 3 },
    { q: "Christians celebrate the birth of Jesus Christ at ____.", options: ["Christmas", "Easter", "Pentecost", "Lent"], answer: 0 },
    { q: "Which of the following is a moral virtue?", options: ["greed", "honesty", "laziness", "pride"], answer: 1 },
    { q: "The festival Muslims celebrate at the end of Ramadan is ____.", options: ["Eid al-Adha", "Maulid", "Eid al-Fitr", "Hijra"], answer: 2 },
    { q: "Which of these festivals is celebrated by the Ga people?", options: ["Aboakyir", "Hogbetsotso", "Damba", "Homowo"], answer: 3 },
    {
      q: "A child shows respect to elders in Ghanaian society by ____.",
      options: [
        "greeting them and using the right hand",
        "calling them by their first names",
        "interrupting them when they speak",
        "refusing to run errands for them",
      ],
      answer: 0,
    },
    { q: "In Islam, the first prophet is believed to be ____.", options: ["Muhammad", "Adam", "Ibrahim", "Musa"], answer: 1 },
    { q: "Which of these is a rite of passage?", options: ["harvest festival", "market day", "naming ceremony", "communal labour"], answer: 2 },
    {
      q: "Stealing is wrong because ____.",
      options: ["it is difficult to do", "it is done at night", "everybody does it", "it takes away what belongs to others"],
      answer: 3,
    },
  ],
  Computing: [
    { q: "Which of the following is an input device?", options: ["keyboard", "monitor", "printer", "speaker"], answer: 0 },
    { q: "The 'brain' of the computer is the ____.", options: ["hard disk", "Central Processing Unit", "monitor", "mouse"], answer: 1 },
    { q: "Which of these is system software?", options: ["Microsoft Word", "Google Chrome", "Windows", "Paint"], answer: 2 },
    { q: "One kilobyte (KB) is equal to ____.", options: ["1000 bits", "1024 bits", "100 bytes", "1024 bytes"], answer: 3 },
    { q: "Which key combination copies selected text?", options: ["Ctrl + C", "Ctrl + V", "Ctrl + X", "Ctrl + Z"], answer: 0 },
    { q: "A program that can damage the data on a computer is called a ____.", options: ["browser", "virus", "spreadsheet", "driver"], answer: 1 },
    { q: "Which of the following is a web browser?", options: ["Microsoft Excel", "Adobe Reader", "Mozilla Firefox", "WinZip"], answer: 2 },
    {
      q: "The full meaning of URL is ____.",
      options: ["Universal Reference Link", "Uniform Reading Language", "United Resource Line", "Uniform Resource Locator"],
      answer: 3,
    },
    {
      q: "Which of these storage media can hold the most data?",
      options: ["a 1 TB hard disk", "a 700 MB CD-ROM", "a 4.7 GB DVD", "a 1.44 MB floppy disk"],
      answer: 0,
    },
    { q: "In a spreadsheet, the box where a row and a column meet is a ____.", options: ["range", "cell", "sheet", "formula"], answer: 1 },
    {
      q: "Which is the best way to keep your password safe?",
      options: ["write it on your desk", "use your name as the password", "do not share it with anyone", "tell it to your best friend"],
      answer: 2,
    },
    { q: "RAM stands for ____.", options: ["Read Access Memory", "Run All Memory", "Random Active Module", "Random Access Memory"], answer: 3 },
  ],
  French: [
    { q: "'Bonjour' means ____.", options: ["Good morning", "Good night", "Goodbye", "Thank you"], answer: 0 },
    { q: "Comment t'appelles-tu ? — ____", options: ["J'ai douze ans.", "Je m'appelle Kofi.", "Je vais bien.", "J'habite à Accra."], answer: 1 },
    { q: "Le contraire de « grand » est ____.", options: ["gros", "long", "petit", "haut"], answer: 2 },
    { q: "Quel jour vient après lundi ?", options: ["mercredi", "dimanche", "samedi", "mardi"], answer: 3 },
    { q: "'Merci beaucoup' means ____.", options: ["Thank you very much", "You are welcome", "Excuse me", "Please"], answer: 0 },
    { q: "Nous ____ élèves.", options: ["êtes", "sommes", "sont", "suis"], answer: 1 },
    { q: "Le nombre « quinze » est ____.", options: ["50", "5", "15", "14"], answer: 2 },
    { q: "Ma mère est la femme de mon ____.", options: ["frère", "oncle", "fils", "père"], answer: 3 },
    { q: "Quand il fait beau, le ciel est ____.", options: ["bleu", "noir", "rouge", "vert"], answer: 0 },
    { q: "J'____ deux frères.", options: ["as", "ai", "a", "avons"], answer: 1 },
  ],
  "Career Technology": [
    { q: "Which tool is used to measure length in the woodwork shop?", options: ["steel rule", "mallet", "hand saw", "G-clamp"], answer: 0 },
    { q: "Joining two pieces of metal by melting them together is called ____.", options: ["riveting", "welding", "bolting", "gluing"], answer: 1 },
    {
      q: "Which of these is a safety rule in the workshop?",
      options: ["run when you are in a hurry", "leave tools on the floor", "wear goggles when grinding", "use blunt tools"],
      answer: 2,
    },
    { q: "Rice and yam mainly supply the body with ____.", options: ["proteins", "vitamins", "minerals", "carbohydrates"], answer: 3 },
    { q: "In sewing, a seam is used to ____.", options: ["join two pieces of fabric", "measure fabric", "cut fabric", "press fabric"], answer: 0 },
    { q: "Which tool is used to drive nails into wood?", options: ["screwdriver", "claw hammer", "pliers", "chisel"], answer: 1 },
    {
      q: "A drawing that shows the front, side and top views of an object is a(n) ____ drawing.",
      options: ["isometric", "freehand", "orthographic", "oblique"],
      answer: 2,
    },
    { q: "Which method of cooking uses hot oil?", options: ["boiling", "steaming", "baking", "frying"], answer: 3 },
    {
      q: "The first thing to do for a minor burn is to ____.",
      options: ["cool it under clean running water", "rub palm oil on it", "burst the blisters", "cover it with cotton wool"],
      answer: 0,
    },
    { q: "Which of these is a Ghanaian hardwood?", options: ["pine", "odum", "cedar", "fir"], answer: 1 },
  ],
};

/** `count` questions of a subject from `start`, wrapping round the bank. */
/**
 * Where the right option goes, by a question's place in its list (issue 24). The banks above were written with their
 * keys cycling A, B, C, D, so tapping the options in order scored 100%; this fixed sequence (each letter three times in
 * twelve, found by a search so that over every slice the demo takes, neither tapping A, B, C, D… or D, C, B, A… in
 * order nor always the same letter scores more than 42%) moves the right option, the same way on every start.
 */
const ANSWER_PLACES = [3, 1, 0, 2, 0, 2, 1, 3, 0, 2, 3, 1] as const;

export const answerPlace = (j: number): 0 | 1 | 2 | 3 => ANSWER_PLACES[j % ANSWER_PLACES.length];

/** The question with its options turned round (their cyclic order kept) so that the right one is at place `at`. */
export function withAnswerAt(item: DemoQuestion, at: 0 | 1 | 2 | 3): DemoQuestion {
  const shift = (item.answer - at + 4) % 4;
  const options = item.options.map((_, k) => item.options[(k + shift) % 4]) as DemoQuestion["options"];
  return { q: item.q, options, answer: at };
}

/** `count` questions of a subject's bank from `start` (wrapping round), with the right option placed by `answerPlace`. */
export function pick(subject: Subject, start: number, count: number): DemoQuestion[] {
  const bank = BANK[subject];
  return Array.from({ length: count }, (_, i) => {
    const j = (start + i) % bank.length;
    return withAnswerAt(bank[j], answerPlace(j));
  });
}
