/** Word lists of the professional-network demo data: plain ASCII names (the employees order is byte order on every store). */

export const FIRST_NAMES = [
  'Aaron', 'Abigail', 'Adam', 'Aisha', 'Alan', 'Alice', 'Amara', 'Amir', 'Ana', 'Andrew', 'Anna', 'Arjun', 'Ben', 'Bianca', 'Carlos', 'Caroline',
  'Chen', 'Chloe', 'Daniel', 'David', 'Diana', 'Elena', 'Emily', 'Emma', 'Ethan', 'Fatima', 'Felix', 'Grace', 'Hannah', 'Hiro', 'Ian', 'Isabel',
  'Jack', 'James', 'Jana', 'Javier', 'Julia', 'Kai', 'Karim', 'Laura', 'Leo', 'Lina', 'Lucas', 'Maria', 'Mateo', 'Maya', 'Mei', 'Michael',
  'Nadia', 'Nathan', 'Nina', 'Noah', 'Olivia', 'Omar', 'Priya', 'Rafael', 'Rachel', 'Ravi', 'Rosa', 'Samuel', 'Sara', 'Sofia', 'Tariq', 'Thomas',
  'Victor', 'Yuki', 'Zara', 'Zoe',
] as const;

export const LAST_NAMES = [
  'Adams', 'Ahmed', 'Alvarez', 'Anderson', 'Bailey', 'Baker', 'Becker', 'Bennett', 'Brooks', 'Campbell', 'Carter', 'Chen', 'Clarke', 'Collins',
  'Cooper', 'Costa', 'Davies', 'Diaz', 'Dubois', 'Edwards', 'Evans', 'Fischer', 'Fernandes', 'Foster', 'Garcia', 'Gray', 'Green', 'Gupta',
  'Hall', 'Harris', 'Hughes', 'Ito', 'Jackson', 'Jensen', 'Johnson', 'Kaur', 'Khan', 'Kim', 'Kowalski', 'Lee', 'Lewis', 'Lopez', 'Martin',
  'Meyer', 'Mitchell', 'Moreau', 'Morgan', 'Murphy', 'Nakamura', 'Nguyen', 'Novak', 'Okafor', 'Olsen', 'Patel', 'Perez', 'Phillips',
  'Ramos', 'Reed', 'Rossi', 'Santos', 'Schmidt', 'Shah', 'Silva', 'Singh', 'Sullivan', 'Tanaka', 'Taylor', 'Turner', 'Walker', 'Wang',
  'Watson', 'Weber', 'Williams', 'Wilson', 'Wright', 'Yamamoto', 'Young', 'Zhang',
] as const;

export const COMPANY_PREFIXES = [
  'Northwind', 'Bluefin', 'Cedar', 'Harbor', 'Summit', 'Ironbridge', 'Lumen', 'Granite', 'Brightwater', 'Redwood', 'Silverline', 'Oakridge',
  'Clearpath', 'Meridian', 'Kestrel', 'Pinnacle', 'Riverstone', 'Atlas', 'Beacon', 'Copperleaf', 'Evergreen', 'Foxglove', 'Halcyon', 'Juniper',
  'Larkspur',
] as const;
export const COMPANY_SUFFIXES = ['Systems', 'Analytics', 'Health', 'Logistics', 'Labs', 'Financial', 'Energy', 'Robotics', 'Media', 'Partners'] as const;

export interface Place {
  city: string;
  area: string;
  country: string;
  code: string;
  postal: string;
  language: string;
}

export const PLACES: readonly Place[] = [
  { city: 'San Francisco', area: 'California', country: 'United States', code: 'US', postal: '94105', language: 'en' },
  { city: 'New York', area: 'New York', country: 'United States', code: 'US', postal: '10001', language: 'en' },
  { city: 'Austin', area: 'Texas', country: 'United States', code: 'US', postal: '73301', language: 'en' },
  { city: 'Seattle', area: 'Washington', country: 'United States', code: 'US', postal: '98101', language: 'en' },
  { city: 'Chicago', area: 'Illinois', country: 'United States', code: 'US', postal: '60601', language: 'en' },
  { city: 'Toronto', area: 'Ontario', country: 'Canada', code: 'CA', postal: 'M5H 2N2', language: 'en' },
  { city: 'London', area: 'England', country: 'United Kingdom', code: 'GB', postal: 'EC1A 1BB', language: 'en' },
  { city: 'Manchester', area: 'England', country: 'United Kingdom', code: 'GB', postal: 'M1 1AE', language: 'en' },
  { city: 'Dublin', area: 'County Dublin', country: 'Ireland', code: 'IE', postal: 'D02 X285', language: 'en' },
  { city: 'Berlin', area: 'Berlin', country: 'Germany', code: 'DE', postal: '10115', language: 'de' },
  { city: 'Munich', area: 'Bavaria', country: 'Germany', code: 'DE', postal: '80331', language: 'de' },
  { city: 'Amsterdam', area: 'North Holland', country: 'Netherlands', code: 'NL', postal: '1012 JS', language: 'nl' },
  { city: 'Paris', area: 'Ile-de-France', country: 'France', code: 'FR', postal: '75001', language: 'fr' },
  { city: 'Madrid', area: 'Community of Madrid', country: 'Spain', code: 'ES', postal: '28013', language: 'es' },
  { city: 'Stockholm', area: 'Stockholm County', country: 'Sweden', code: 'SE', postal: '111 20', language: 'sv' },
  { city: 'Bengaluru', area: 'Karnataka', country: 'India', code: 'IN', postal: '560001', language: 'en' },
  { city: 'Singapore', area: 'Singapore', country: 'Singapore', code: 'SG', postal: '018956', language: 'en' },
  { city: 'Sydney', area: 'New South Wales', country: 'Australia', code: 'AU', postal: '2000', language: 'en' },
  { city: 'Sao Paulo', area: 'Sao Paulo', country: 'Brazil', code: 'BR', postal: '01000-000', language: 'pt' },
  { city: 'Tokyo', area: 'Tokyo', country: 'Japan', code: 'JP', postal: '100-0001', language: 'ja' },
];

export interface Track {
  /** Job titles from junior to senior. */
  titles: readonly string[];
  skills: readonly string[];
  degrees: readonly string[];
  services: readonly { title: string; description: string; category: string }[];
  certifications: readonly { title: string; authority: string }[];
  topics: readonly string[];
  hashtags: readonly string[];
  duties: readonly string[];
}

export const TRACKS: readonly Track[] = [
  {
    titles: ['Junior Software Engineer', 'Software Engineer', 'Senior Software Engineer', 'Staff Software Engineer', 'Engineering Manager'],
    skills: ['TypeScript', 'Go', 'Java', 'Python', 'Kubernetes', 'PostgreSQL', 'Distributed Systems', 'System Design', 'AWS', 'React'],
    degrees: ['BSc Computer Science', 'MSc Software Engineering', 'BEng Computer Engineering'],
    services: [
      { title: 'Software development', description: 'Backend services and APIs, from design to production.', category: 'Information technology' },
      { title: 'Code review and mentoring', description: 'Reviews, pairing and growing junior engineers.', category: 'Coaching and mentoring' },
      { title: 'Cloud architecture', description: 'Designing reliable, cost-aware systems on public clouds.', category: 'Information technology' },
    ],
    certifications: [
      { title: 'AWS Certified Solutions Architect - Associate', authority: 'Amazon Web Services' },
      { title: 'Certified Kubernetes Application Developer', authority: 'The Linux Foundation' },
      { title: 'Professional Cloud Developer', authority: 'Google Cloud' },
    ],
    topics: ['Scaling a payments ledger', 'Lessons from migrating to event sourcing', 'Practical observability for small teams'],
    hashtags: ['#softwareengineering', '#cloud', '#devops', '#opensource'],
    duties: ['Led the rewrite of the billing service', 'Cut p99 latency of the search API by 40%', 'Built the internal deployment pipeline',
      'Owned the data ingestion platform', 'Mentored four engineers through their first on-call rotation'],
  },
  {
    titles: ['Associate Product Manager', 'Product Manager', 'Senior Product Manager', 'Group Product Manager', 'Director of Product'],
    skills: ['Product Strategy', 'Roadmapping', 'User Research', 'A/B Testing', 'SQL', 'Stakeholder Management', 'Agile', 'Go-to-Market'],
    degrees: ['BA Economics', 'MBA', 'BSc Business Administration'],
    services: [
      { title: 'Product management consulting', description: 'Discovery, roadmaps and launch plans for early-stage teams.', category: 'Consulting' },
      { title: 'Workshop facilitation', description: 'Running discovery and prioritisation workshops.', category: 'Business' },
    ],
    certifications: [
      { title: 'Certified Scrum Product Owner', authority: 'Scrum Alliance' },
      { title: 'Product Management Certificate', authority: 'Product School' },
    ],
    topics: ['Saying no to good ideas', 'Measuring outcomes, not output', 'Pricing experiments that worked'],
    hashtags: ['#productmanagement', '#startups', '#leadership'],
    duties: ['Launched the self-serve onboarding flow', 'Grew weekly active teams by 35%', 'Owned the mobile roadmap',
      'Ran pricing and packaging for the enterprise tier'],
  },
  {
    titles: ['Junior Data Analyst', 'Data Analyst', 'Data Scientist', 'Senior Data Scientist', 'Head of Data'],
    skills: ['Python', 'SQL', 'Machine Learning', 'Statistics', 'dbt', 'Tableau', 'Forecasting', 'Experiment Design', 'Spark'],
    degrees: ['MSc Statistics', 'BSc Mathematics', 'PhD Physics'],
    services: [
      { title: 'Data analysis', description: 'Dashboards, metrics definitions and ad-hoc analysis.', category: 'Analytics' },
      { title: 'Machine learning consulting', description: 'Scoping and shipping forecasting and ranking models.', category: 'Information technology' },
    ],
    certifications: [
      { title: 'TensorFlow Developer Certificate', authority: 'Google' },
      { title: 'dbt Analytics Engineering Certification', authority: 'dbt Labs' },
    ],
    topics: ['Forecasting demand with sparse data', 'A practical guide to experiment guardrails', 'Feature stores in the real world'],
    hashtags: ['#datascience', '#machinelearning', '#analytics'],
    duties: ['Built the churn prediction model', 'Designed the company metrics layer', 'Ran over 200 product experiments',
      'Automated weekly revenue forecasting'],
  },
  {
    titles: ['Sales Development Representative', 'Account Executive', 'Senior Account Executive', 'Sales Manager', 'VP of Sales'],
    skills: ['Enterprise Sales', 'Negotiation', 'Salesforce', 'Account Management', 'Prospecting', 'Forecasting', 'Solution Selling'],
    degrees: ['BA Communications', 'BSc Marketing', 'BA Business'],
    services: [
      { title: 'Sales training', description: 'Discovery calls, objection handling and pipeline reviews.', category: 'Sales' },
      { title: 'Business development', description: 'Partnerships and new-market entry.', category: 'Business' },
    ],
    certifications: [
      { title: 'Salesforce Certified Administrator', authority: 'Salesforce' },
      { title: 'MEDDICC Practitioner', authority: 'MEDDICC' },
    ],
    topics: ['Why discovery beats demos', 'Building a repeatable outbound motion'],
    hashtags: ['#sales', '#b2b', '#saas'],
    duties: ['Closed the largest deal in company history', 'Opened the Nordic market', 'Exceeded quota six quarters in a row',
      'Built the first SDR team'],
  },
  {
    titles: ['Marketing Coordinator', 'Marketing Manager', 'Senior Marketing Manager', 'Head of Marketing', 'Chief Marketing Officer'],
    skills: ['Content Marketing', 'SEO', 'Brand Strategy', 'Demand Generation', 'Copywriting', 'Marketing Analytics', 'Email Marketing'],
    degrees: ['BA Marketing', 'BA English Literature', 'MSc Digital Marketing'],
    services: [
      { title: 'Content strategy', description: 'Editorial calendars and long-form content that ranks.', category: 'Marketing' },
      { title: 'Brand consulting', description: 'Positioning, messaging and visual identity reviews.', category: 'Marketing' },
    ],
    certifications: [
      { title: 'Google Analytics Certification', authority: 'Google' },
      { title: 'Inbound Marketing Certification', authority: 'HubSpot Academy' },
    ],
    topics: ['Content that sells without selling', 'Attribution is a story, not a number'],
    hashtags: ['#marketing', '#branding', '#contentmarketing'],
    duties: ['Relaunched the company brand', 'Doubled organic traffic in a year', 'Built the events programme',
      'Led the product launch campaign'],
  },
  {
    titles: ['Junior Designer', 'Product Designer', 'Senior Product Designer', 'Lead Designer', 'Design Director'],
    skills: ['Figma', 'Interaction Design', 'Design Systems', 'Prototyping', 'Usability Testing', 'Accessibility', 'Visual Design'],
    degrees: ['BA Graphic Design', 'MA Interaction Design', 'BDes Industrial Design'],
    services: [
      { title: 'UX design', description: 'Research, flows and high-fidelity prototypes.', category: 'Design' },
      { title: 'Design system audits', description: 'Component libraries that teams actually use.', category: 'Design' },
    ],
    certifications: [
      { title: 'Google UX Design Certificate', authority: 'Google' },
      { title: 'Certified Usability Analyst', authority: 'Human Factors International' },
    ],
    topics: ['Accessible by default', 'Design systems as products'],
    hashtags: ['#design', '#ux', '#accessibility'],
    duties: ['Built the design system from scratch', 'Redesigned checkout, lifting conversion by 12%', 'Ran the research programme',
      'Led the accessibility overhaul'],
  },
];

export const SCHOOLS = [
  'University of Michigan', 'University of Toronto', 'Imperial College London', 'Technical University of Munich', 'University of Amsterdam',
  'National University of Singapore', 'University of Sydney', 'Indian Institute of Technology Bombay', 'University of Texas at Austin',
  'Trinity College Dublin', 'KTH Royal Institute of Technology', 'University of Sao Paulo', 'Sciences Po', 'University of Washington',
] as const;

export const VOLUNTEERING = [
  { organization: 'Code Club', title: 'Volunteer Mentor', cause: 'Education', description: 'Taught weekly programming sessions to children.' },
  { organization: 'Red Cross', title: 'Event Volunteer', cause: 'Humanitarian Relief', description: 'Helped run blood donation drives.' },
  { organization: 'Habitat for Humanity', title: 'Build Volunteer', cause: 'Poverty Alleviation', description: 'Worked on community housing builds.' },
  { organization: 'Local Food Bank', title: 'Volunteer Coordinator', cause: 'Social Services', description: 'Scheduled volunteers and deliveries.' },
  { organization: 'Women Who Code', title: 'Chapter Organizer', cause: 'Science and Technology', description: 'Organised monthly meetups and talks.' },
] as const;

export const HONORS = [
  { title: 'Employee of the Year', caption: 'Recognised for impact across teams.' },
  { title: 'Hackathon Winner', caption: 'First place out of 40 teams.' },
  { title: "Dean's List", caption: 'Top 5% of the graduating class.' },
  { title: 'President\'s Club', caption: 'Awarded to the top performers of the year.' },
  { title: 'Best Paper Award', caption: 'For work presented at the annual conference.' },
] as const;

export const PUBLISHERS = ['Company Engineering Blog', 'Harvard Business Review', 'Medium', 'InfoQ', 'IEEE Software', 'Towards Data Science'] as const;
export const EMPLOYMENT_TYPES = ['Full-time', 'Full-time', 'Full-time', 'Part-time', 'Contract'] as const;
export const PRONOUNS = ['he/him', 'she/her', 'they/them', ''] as const;
