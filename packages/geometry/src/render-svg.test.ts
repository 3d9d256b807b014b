import { analyzePlate } from './analyze-plate';
import { escapeXml, renderPlateSvg } from './render-svg';
import { RULES, plate, typicalPlate, worstPlate } from './test-plates';

const viewBox = (svg: string) => svg.match(/viewBox="([^"]+)"/)![1]!.split(' ').map(Number);

describe('renderPlateSvg', () => {
  it('gives the same bytes for the same design', () => {
    const a = renderPlateSvg(typicalPlate());
    const b = renderPlateSvg(plate(JSON.parse(JSON.stringify(typicalPlate())) as never));
    expect(a).toBe(b);
  });

  it('draws every hole and slot', () => {
    const svg = renderPlateSvg(
      plate({
        holes: [
          { kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 },
          { kind: 'slot', center_x_in: 3, center_y_in: 2, width_in: 0.5, length_in: 2, angle_deg: 30 },
        ],
      }),
    );
    expect(svg.match(/<circle /g)).toHaveLength(4);
    // The outline and one slot.
    expect(svg.match(/<path /g)).toHaveLength(2);
  });

  it('flips y so +y runs up the page', () => {
    const svg = renderPlateSvg(plate({ holes: [{ kind: 'single', x_in: 1, y_in: 3, diameter_in: 0.5 }] }));
    expect(svg).toContain('<circle cx="1" cy="-3" r="0.25"/>');
  });

  it('fits the viewBox round the part with a margin on every side', () => {
    const [x, y, w, h] = viewBox(renderPlateSvg(typicalPlate()));
    expect(x).toBeLessThan(0);
    expect(y).toBeLessThan(-4);
    expect(x! + w!).toBeGreaterThan(6);
    expect(y! + h!).toBeGreaterThan(0);
  });

  it('draws each bend dashed with its direction and angle', () => {
    const svg = renderPlateSvg(
      plate({
        outline: { kind: 'rectangle', width_in: 10, height_in: 6 },
        bends: [
          { start_in: [0, 2], end_in: [10, 2] },
          { start_in: [0, 4], end_in: [10, 4], direction: 'down', angle_deg: 45 },
        ],
      }),
    );
    expect(svg.match(/stroke-dasharray=/g)).toHaveLength(2);
    expect(svg).toContain('>B1 UP 90\u00b0</text>');
    expect(svg).toContain('>B2 DOWN 45\u00b0</text>');
  });

  it('writes the overall dimensions', () => {
    const svg = renderPlateSvg(typicalPlate());
    expect(svg).toContain('>6 in</text>');
    expect(svg).toContain('>4 in</text>');
  });

  it('has no scripts, no styles and no outside references', () => {
    const svg = renderPlateSvg(worstPlate());
    expect(svg).not.toMatch(/<script|<style|<image|<foreignObject|<use|href=|url\(|on[a-z]+=/i);
    expect(svg.match(/https?:\/\//g)).toEqual(['http://']);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /);
  });

  it('stays under 200 KB for the largest legal plate', () => {
    const svg = renderPlateSvg(worstPlate());
    expect(Buffer.byteLength(svg)).toBeLessThan(200_000);
    expect(analyzePlate(worstPlate(), RULES).issues).toEqual([]);
  });

  it('draws a blocked plate too, with a fold that misses drawn where it was sent', () => {
    const svg = renderPlateSvg(plate({ bends: [{ start_in: [0, 5], end_in: [6, 5] }] }));
    expect(svg).toContain('<line x1="0" y1="-5" x2="6" y2="-5"/>');
  });
});

describe('escapeXml', () => {
  it('escapes every character with a meaning in XML', () => {
    expect(escapeXml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
