import { Profile, sectionNames } from '@socialquery/professional';
import {
  PROFESSIONAL_COMPANIES,
  PROFESSIONAL_MEMBERS_PER_SCALE,
  professionalDemoCompanies,
  professionalDemoPositions,
  professionalDemoProfiles,
  professionalDemoSize,
} from './demo.js';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const options = { now: NOW, scale: 1 };

describe('professional demo data', () => {
  const companies = [...professionalDemoCompanies(options)];
  const profiles = [...professionalDemoProfiles(options)];
  const positions = [...professionalDemoPositions(options)];

  it('yields exactly professionalDemoSize rows: 50 companies, 2,000 members at scale 1', () => {
    expect(companies).toHaveLength(PROFESSIONAL_COMPANIES);
    expect(profiles).toHaveLength(PROFESSIONAL_MEMBERS_PER_SCALE);
    expect(companies.length + profiles.length + positions.length).toBe(professionalDemoSize(1));
    expect(new Set(companies.map((c) => c.id)).size).toBe(50);
    expect(new Set(companies.map((c) => c.name)).size).toBe(50);
  });

  it('is deterministic', () => {
    expect([...professionalDemoProfiles(options)]).toEqual(profiles);
    expect([...professionalDemoPositions(options)]).toEqual(positions);
  });

  it('fills every section of every member, valid against the contract schema', () => {
    for (const profile of profiles) {
      expect(Profile.safeParse(profile).error).toBeUndefined();
      for (const section of sectionNames) {
        const value = profile[section];
        if (Array.isArray(value)) expect(value.length).toBeGreaterThan(0);
        else expect(value).toBeDefined();
      }
    }
  });

  it('has unique ids and public identifiers, and plain ASCII names (byte order = collation order)', () => {
    expect(new Set(profiles.map((p) => p.id)).size).toBe(profiles.length);
    expect(new Set(profiles.map((p) => p.public_identifier.toLowerCase())).size).toBe(profiles.length);
    for (const p of profiles) expect(`${p.first_name}${p.last_name}`).toMatch(/^[A-Za-z]+$/);
  });

  it('gives members at most one current position, several companies 100+ current employees', () => {
    const current = positions.filter((p) => p.endDate === null);
    expect(new Set(current.map((p) => p.profileId)).size).toBe(current.length);
    const perCompany = new Map<string, number>();
    for (const p of current) perCompany.set(p.companyId, (perCompany.get(p.companyId) ?? 0) + 1);
    expect([...perCompany.values()].filter((n) => n >= 100).length).toBeGreaterThanOrEqual(2);
    expect(perCompany.size).toBeGreaterThan(40);
    for (const p of positions) {
      expect(p.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (p.endDate !== null) expect(p.endDate >= p.startDate).toBe(true);
      expect(p.startDate <= NOW.toISOString().slice(0, 10)).toBe(true);
    }
  });

  it("keeps each member's experiences section consistent with their positions", () => {
    const byProfile = new Map<string, typeof positions>();
    for (const p of positions) byProfile.set(p.profileId, [...(byProfile.get(p.profileId) ?? []), p]);
    for (const profile of profiles.slice(0, 200)) {
      const own = byProfile.get(profile.id)!;
      expect(profile.experiences.map((x) => [x.title, x.company.id])).toEqual(own.map((p) => [p.title, p.companyId]));
    }
  });
});
