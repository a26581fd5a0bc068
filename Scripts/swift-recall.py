#!/usr/bin/env python3
"""Recall of `toggles scan` on an app tree against a grep oracle (docs/swift.md, "Checked on real apps").

Usage: swift-recall.py ROOT ENUM_FILE ENUM QUERY[,QUERY...] TOGGLES_BINARY
"""
import re,sys,subprocess,os
# Oracle: grep the code (comment lines dropped) for `<enum>.<case>` and `<query>(.<case>` / `<query>(for: .<case>`.
root,enumfile,enum=sys.argv[1],sys.argv[2],sys.argv[3]
queries=sys.argv[4].split(',')
src=open(os.path.join(root,enumfile)).read()
body=src[src.index('enum '+enum):]
body=body[:body.index('\n}')]
cases=set(re.findall(r'^\s*case\s+(\w+)',body,re.M))
oracle=set()
for dp,dn,fn in os.walk(root):
    for f in fn:
        if not f.endswith('.swift'): continue
        p=os.path.join(dp,f); rel=os.path.relpath(p,root)
        for n,line in enumerate(open(p,errors='replace'),1):
            code=line.split('//')[0]
            for m in re.finditer(r'\b'+enum+r'\.(\w+)',code):
                if m.group(1) in cases: oracle.add((rel,n,m.group(1),'member'))
            for m in re.finditer(r'\b(?:'+'|'.join(queries)+r')\((?:\w+:\s*)?\.(\w+)',code):
                if m.group(1) in cases: oracle.add((rel,n,m.group(1),'implicit-member'))
out=subprocess.run([sys.argv[5],'scan','.'],cwd=root,capture_output=True,text=True).stdout
found=set(); allrefs=[]
for l in out.splitlines()[:-1]:
    m=re.match(r'(.*?):(\d+):\d+: (\S+): (\S+) (.*)',l)
    if not m: continue
    f,n,t,k,sym=m.groups(); allrefs.append((f,int(n),t,k,sym))
    found.add((f,int(n),sym.split('.')[-1].split(' ')[0],k))
hit=oracle&found
print(f"cases {len(cases)} oracle {len(oracle)} found {len(hit)} recall {100*len(hit)/max(1,len(oracle)):.1f}%")
for o in sorted(oracle-found)[:10]: print("missed",o)
bad=[r for r in allrefs if r[3]!='declaration' and r[4].split('.')[-1].strip('"[]').split(' ')[0].split('(')[0] not in open(os.path.join(root,r[0]),errors='replace').read().splitlines()[r[1]-1]]
print("references whose line does not name the toggle:",len(bad), bad[:5])
print("references:",len(allrefs))
