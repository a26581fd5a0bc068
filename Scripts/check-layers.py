#!/usr/bin/env python3
# Lists every place a folder of Sources/ToggleLedger names a type declared in a higher layer
# (issue 18: a lower layer must never name a type of a higher one). Heuristic: top-level type
# names only, so a private nested type sharing a name (Entry) can show up falsely.
import re,os,glob,sys
root=sys.argv[1] if len(sys.argv)>1 else 'Sources/ToggleLedger'
rank={'JSON':0,'Platform':1,'Events':2,'Projections':2,'Log':3,'Root':4,'Ledger':4,'Audit':4,'Policy':4,'Environment':4,'Reports':5,'Interop':5,'CodeReferences':5}
decl=re.compile(r'^\s*(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)',re.M)
owner={}
files={}
for p in glob.glob(root+'/**/*.swift',recursive=True):
    rel=os.path.relpath(p,root); folder=rel.split('/')[0] if '/' in rel else 'Root'
    if folder=='Interop' : folder='Interop'
    src=open(p).read(); files[p]=(folder,src)
    for m in decl.finditer(src):
        # only top level (no indentation)
        if m.group(0).startswith((' ','\t')): continue
        owner.setdefault(m.group(1),folder)
bad=0
for p,(folder,src) in sorted(files.items()):
    code=re.sub(r'//.*','',src)
    code=re.sub(r'"(?:[^"\\\n]|\\.)*"','""',code)
    for name in sorted(set(re.findall(r'\b[A-Z]\w*\b',code))):
        f=owner.get(name)
        if f and f!=folder and rank.get(f,9)>rank.get(folder,9) and name not in ('Result','Entry'):
            print(f'{os.path.relpath(p,root)} ({folder}) names {name} ({f})'); bad+=1
print(bad,'upward references')
